import { TZDate } from '@date-fns/tz';
import { epochOfWallClock, localDateOf, secondsOfDay } from '@patio/core/calendar/times';
import ical, { ICalCalendarMethod } from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import { withoutControls } from './calendar.text';
import type { CalendarEventRecord } from './calendar.types';

// Events as RFC 5545 text (issue 11 §2) that Google Calendar, Outlook and Apple Calendar read: one
// VEVENT per event with a stable UID, timed events in their own zone (DTSTART;TZID plus the zone's
// VTIMEZONE), all-day events as VALUE=DATE with an exclusive end, a repetition as RRULE and its left
// out days as EXDATE. ical-generator writes the lines (escaping, CRLF, folding at 75 octets); the
// repetition lines are written here because its own writer would put an all-day UNTIL as a date-time
// and an all-day EXDATE in the calendar's zone. SEQUENCE is the event's revision and LAST-MODIFIED its
// last change (issue 34 §4), so an app that imported the file once takes a newer one as an update;
// text goes out without control characters (calendar.text.ts).

export interface IcsContext {
  /** The school's code: UIDs are `event-{id}@{code}.patio`. */
  orgCode: string;
  /** Where the web app lives (links to an event's post or page). */
  webOrigin: string;
  /** The default title in the reader's language, for events written without one. */
  untitled: string;
  /** DTSTAMP: when this file was made. */
  now: Date;
}

export interface IcsCalendar {
  /** Shown as the calendar's name by subscribing apps. */
  name?: string;
  /** METHOD:PUBLISH, for subscriptions (Outlook wants it to treat the feed as a published calendar). */
  publish?: boolean;
  /** Seconds a subscribing app should wait before asking again. */
  refreshSeconds?: number;
}

const FREQ = { daily: 'DAILY', weekly: 'WEEKLY', monthly: 'MONTHLY', yearly: 'YEARLY' } as const;

/**
 * A task's due date (issue 35): one moment, no event row. A relative gets one per child, so the student
 * is in the UID; a teacher's has none.
 */
export interface IcsDueDate {
  postId: number;
  studentId: number | null;
  /** As the in-app feed names it (a relative's says which child). */
  title: string;
  /** Epoch seconds. */
  at: number;
  timeZone: string;
  /** The app path it opens. */
  path: string;
  /** ISO: LAST-MODIFIED. */
  updatedAt: string;
}

/** A stable UID: the same event keeps it in every file and subscription. */
export function eventUid(orgCode: string, eventId: number): string {
  return `event-${eventId}@${orgCode}.patio`;
}

/** A due date's stable UID, one per task and student (or per task, for a teacher). */
export function dueDateUid(orgCode: string, postId: number, studentId: number | null): string {
  return studentId === null ? `classroom-task-${postId}@${orgCode}.patio` : `classroom-task-${postId}-${studentId}@${orgCode}.patio`;
}

/** A zone's VTIMEZONE block, or null for a zone the library does not know (the TZID alone then). */
function vtimezoneOf(zone: string): string | null {
  const block = tzlib_get_ical_block(zone);
  return Array.isArray(block) && typeof block[0] === 'string' && block[0].startsWith('BEGIN:VTIMEZONE') ? block[0] : null;
}

/** YYYYMMDD of a local date. */
function compactDate(date: string): string {
  return date.replaceAll('-', '');
}

/** A local date as a Date whose UTC day is that date, for the writer's VALUE=DATE output. */
function dateValue(epochSeconds: number, timeZone: string): Date {
  return new Date(`${localDateOf(epochSeconds, timeZone)}T12:00:00Z`);
}

function utcStamp(epochSeconds: number): string {
  return new Date(epochSeconds * 1000).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z');
}

/** RRULE and EXDATE lines of an event's repetition. */
function repetitionLines(event: CalendarEventRecord): string | null {
  const rule = event.recurrence;
  if (rule === null) return null;
  const { timeZone, allDay, startsAt } = event;
  let rrule = `RRULE:FREQ=${FREQ[rule.freq]};INTERVAL=${rule.interval}`;
  if (rule.count !== null) rrule += `;COUNT=${rule.count}`;
  if (rule.until !== null) {
    // Inclusive: the last occurrence may start on that local date, at the event's time of day.
    rrule += `;UNTIL=${allDay ? compactDate(rule.until) : utcStamp(epochOfWallClock(rule.until, secondsOfDay(startsAt, timeZone), timeZone))}`;
  }
  const lines = [rrule];
  if (rule.exceptions.length > 0) {
    const days = [...new Set(rule.exceptions)].sort();
    if (allDay) {
      lines.push(`EXDATE;VALUE=DATE:${days.map(compactDate).join(',')}`);
    } else {
      const time = new TZDate(startsAt * 1000, timeZone);
      const clock = [time.getHours(), time.getMinutes(), time.getSeconds()].map((n) => String(n).padStart(2, '0')).join('');
      lines.push(`EXDATE;TZID=${timeZone}:${days.map((d) => `${compactDate(d)}T${clock}`).join(',')}`);
    }
  }
  return lines.join('\n');
}

/** Where an event is read in the web app: its post's thread, or its own page. */
export function eventPageUrl(webOrigin: string, event: Pick<CalendarEventRecord, 'id' | 'threadId'>): string {
  return event.threadId !== null ? `${webOrigin}/calendar/threads/feed/${event.threadId}` : `${webOrigin}/calendar/events/${event.id}`;
}

/** The instant of an ISO text as a Date, or null when it is not one (LAST-MODIFIED is then left out). */
function instantOf(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * The events, and the classroom's due dates when given, as one VCALENDAR. A due date is a VEVENT at
 * its moment without DTEND (RFC 5545 §3.6.1: it then ends where it starts; a DTEND equal to DTSTART
 * would break §3.8.2.2), so every app lists it at the due time itself, not at the start of an
 * invented slot before it. SEQUENCE 0: nothing of it changes once the task is published (no route
 * edits a published classroom post or its due date); LAST-MODIFIED is the post's last change.
 */
export function renderIcs(events: readonly CalendarEventRecord[], context: IcsContext, options: IcsCalendar = {}, dueDates: readonly IcsDueDate[] = []): string {
  const calendar = ical({
    prodId: { company: 'Patio', product: 'Patio calendar', language: 'ES' },
    timezone: { name: null, generator: vtimezoneOf },
    ...(options.name ? { name: withoutControls(options.name).replace(/[\t\n]+/g, ' ') } : {}),
    ...(options.publish ? { method: ICalCalendarMethod.PUBLISH } : {}),
    ...(options.refreshSeconds ? { ttl: options.refreshSeconds } : {}),
  });
  for (const event of events) {
    const page = eventPageUrl(context.webOrigin, event);
    const written = withoutControls(event.title);
    const title = written.trim() === '' ? context.untitled : written;
    const description = [withoutControls(event.secondary).trim(), page].filter(Boolean).join('\n\n');
    const location = withoutControls(event.location).trim();
    const lastModified = instantOf(event.updatedAt);
    const base = {
      id: eventUid(context.orgCode, event.id),
      summary: title,
      description,
      url: page,
      stamp: context.now,
      sequence: event.sequence,
      ...(lastModified ? { lastModified } : {}),
      ...(location ? { location } : {}),
      repeating: repetitionLines(event),
    };
    if (event.allDay) {
      calendar.createEvent({ ...base, allDay: true, start: dateValue(event.startsAt, event.timeZone), end: dateValue(event.endsAt, event.timeZone) });
    } else {
      calendar.createEvent({
        ...base,
        timezone: event.timeZone,
        start: new TZDate(event.startsAt * 1000, event.timeZone),
        end: new TZDate(event.endsAt * 1000, event.timeZone),
      });
    }
  }
  for (const due of dueDates) {
    const written = withoutControls(due.title).replace(/[\t\n]+/g, ' ');
    const page = `${context.webOrigin}${due.path}`;
    const lastModified = instantOf(due.updatedAt);
    calendar.createEvent({
      id: dueDateUid(context.orgCode, due.postId, due.studentId),
      summary: written.trim() === '' ? context.untitled : written,
      description: page,
      url: page,
      stamp: context.now,
      sequence: 0,
      ...(lastModified ? { lastModified } : {}),
      timezone: due.timeZone,
      start: new TZDate(due.at * 1000, due.timeZone),
    });
  }
  // RFC 5545: every line, the last one too, ends with CRLF.
  return `${calendar.toString()}\r\n`;
}
