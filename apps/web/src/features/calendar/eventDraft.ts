import { addDays, epochOfWallClock, localDateOf, midnightOf, secondsOfDay } from '@patio/core/calendar/times';
import { MAX_EVENT_OCCURRENCES, type EventInput, type Recurrence } from '@patio/core/schemas/calendar';

// What the event form edits: wall-clock days and times of the school's zone, as a person reads them,
// whatever zone the device is in. eventDraftToInput turns it into the API's epoch seconds.

export type RepeatChoice = 'none' | Recurrence['freq'];
export type RepeatEnd = 'never' | 'until' | 'count';

export interface EventDraft {
  title: string;
  secondary: string;
  location: string;
  allDay: boolean;
  /** 'YYYY-MM-DD' in the school's zone ('' while unset). */
  startDay: string;
  /** 'HH:mm' (ignored when all day). */
  startTime: string;
  /** Last day of the event, inclusive. */
  endDay: string;
  endTime: string;
  repeat: RepeatChoice;
  interval: number;
  repeatEnd: RepeatEnd;
  /** Last day an occurrence may start on ('' while unset). */
  until: string;
  count: number;
  /** Occurrences left out, kept as they were when an event is edited. */
  exceptions: string[];
  rsvp: boolean;
}

export type EventDraftField = 'startDay' | 'startTime' | 'endDay' | 'endTime' | 'interval' | 'until' | 'count';
export type EventDraftProblem = 'required' | 'endBeforeStart' | 'untilBeforeStart' | 'countRange' | 'intervalRange';
export type EventDraftErrors = Partial<Record<EventDraftField, EventDraftProblem>>;

const HOUR = 3600;
const pad = (n: number) => String(n).padStart(2, '0');

function timeOf(seconds: number): string {
  return `${pad(Math.floor(seconds / HOUR))}:${pad(Math.floor((seconds % HOUR) / 60))}`;
}

function secondsOf(time: string): number {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return h * HOUR + m * 60;
}

/** A new event: the next whole hour, for an hour, in the school's zone. */
export function emptyEventDraft(nowMs: number, timeZone: string): EventDraft {
  const now = Math.floor(nowMs / 1000);
  const start = now - (now % HOUR) + HOUR;
  const end = start + HOUR;
  return {
    title: '',
    secondary: '',
    location: '',
    allDay: false,
    startDay: localDateOf(start, timeZone),
    startTime: timeOf(secondsOfDay(start, timeZone)),
    endDay: localDateOf(end, timeZone),
    endTime: timeOf(secondsOfDay(end, timeZone)),
    repeat: 'none',
    interval: 1,
    repeatEnd: 'never',
    until: '',
    count: 10,
    exceptions: [],
    rsvp: false,
  };
}

/** The fields of an event as the API answers it (a post's event or the detail). */
export interface EventLike {
  title: string;
  secondary: string;
  location: string;
  startDate: number;
  endDate: number;
  allDay: boolean;
  recurrence: Recurrence | null;
  rsvp: boolean | { enabled: boolean };
}

/** The draft of an existing event, read in the school's zone (an all-day end is exclusive in the API). */
export function eventDraftFromEvent(event: EventLike, timeZone: string): EventDraft {
  const base = emptyEventDraft(event.startDate * 1000, timeZone);
  const rule = event.recurrence;
  const lastDay = event.allDay ? addDays(localDateOf(event.endDate, timeZone), -1) : localDateOf(event.endDate, timeZone);
  return {
    ...base,
    title: event.title,
    secondary: event.secondary,
    location: event.location,
    allDay: event.allDay,
    startDay: localDateOf(event.startDate, timeZone),
    startTime: timeOf(secondsOfDay(event.startDate, timeZone)),
    endDay: lastDay < localDateOf(event.startDate, timeZone) ? localDateOf(event.startDate, timeZone) : lastDay,
    endTime: timeOf(secondsOfDay(event.endDate, timeZone)),
    repeat: rule ? rule.freq : 'none',
    interval: rule?.interval ?? 1,
    repeatEnd: rule?.until ? 'until' : rule?.count ? 'count' : 'never',
    until: rule?.until ?? '',
    count: rule?.count ?? base.count,
    exceptions: rule?.exceptions ?? [],
    rsvp: typeof event.rsvp === 'boolean' ? event.rsvp : event.rsvp.enabled,
  };
}

/**
 * The draft with a new start, keeping the end after it: a start moved past the end carries the end
 * along by the same length, so a person who only changes the day does not get "ends before it starts".
 */
export function moveEventStart(draft: EventDraft, startDay: string, startTime: string = draft.startTime): EventDraft {
  const next = { ...draft, startDay, startTime };
  if (!startDay || !draft.startDay || !draft.endDay) return next;
  const startShift = dayNumber(startDay) - dayNumber(draft.startDay);
  const endDay = startShift !== 0 ? addDays(draft.endDay, startShift) : draft.endDay;
  const moved = { ...next, endDay };
  if (!draft.allDay && endDay === startDay && secondsOf(draft.endTime) <= secondsOf(startTime)) {
    const end = Math.min(secondsOf(startTime) + HOUR, 23 * HOUR + 59 * 60);
    return { ...moved, endTime: timeOf(end) };
  }
  return moved;
}

function dayNumber(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / 86_400_000;
}

/** What is wrong with a draft, field by field (empty when it can be sent). */
export function eventDraftProblems(draft: EventDraft): EventDraftErrors {
  const errors: EventDraftErrors = {};
  if (!draft.startDay) errors.startDay = 'required';
  if (!draft.endDay) errors.endDay = 'required';
  if (!draft.allDay) {
    if (!draft.startTime) errors.startTime = 'required';
    if (!draft.endTime) errors.endTime = 'required';
  }
  if (draft.startDay && draft.endDay) {
    const start = draft.allDay ? draft.startDay : `${draft.startDay}T${draft.startTime}`;
    const end = draft.allDay ? draft.endDay : `${draft.endDay}T${draft.endTime}`;
    if (end < start) errors[draft.allDay || draft.endDay < draft.startDay ? 'endDay' : 'endTime'] = 'endBeforeStart';
  }
  if (draft.repeat !== 'none') {
    if (!Number.isInteger(draft.interval) || draft.interval < 1 || draft.interval > 99) errors.interval = 'intervalRange';
    if (draft.repeatEnd === 'until') {
      if (!draft.until) errors.until = 'required';
      else if (draft.startDay && draft.until < draft.startDay) errors.until = 'untilBeforeStart';
    }
    if (draft.repeatEnd === 'count' && (!Number.isInteger(draft.count) || draft.count < 1 || draft.count > MAX_EVENT_OCCURRENCES)) {
      errors.count = 'countRange';
    }
  }
  return errors;
}

export function isEventDraftValid(draft: EventDraft): boolean {
  return Object.keys(eventDraftProblems(draft)).length === 0;
}

function recurrenceOf(draft: EventDraft): Recurrence | null {
  if (draft.repeat === 'none') return null;
  return {
    freq: draft.repeat,
    interval: draft.interval,
    count: draft.repeatEnd === 'count' ? draft.count : null,
    until: draft.repeatEnd === 'until' ? draft.until : null,
    exceptions: draft.exceptions,
  };
}

/**
 * The event as the API takes it (ZEventInput): wall-clock times of `timeZone` as epoch seconds; an
 * all-day event from local midnight of its first day to local midnight after its last (exclusive).
 */
export function eventDraftToInput(draft: EventDraft, timeZone: string): EventInput {
  const startDate = draft.allDay ? midnightOf(draft.startDay, timeZone) : epochOfWallClock(draft.startDay, secondsOf(draft.startTime), timeZone);
  const endDate = draft.allDay ? midnightOf(addDays(draft.endDay, 1), timeZone) : epochOfWallClock(draft.endDay, secondsOf(draft.endTime), timeZone);
  return {
    title: draft.title.trim(),
    secondary: draft.secondary,
    location: draft.location.trim(),
    startDate,
    endDate,
    allDay: draft.allDay,
    recurrence: recurrenceOf(draft),
    rsvp: draft.rsvp,
  };
}
