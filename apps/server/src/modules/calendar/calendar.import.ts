import { createHash } from 'node:crypto';
import { MAX_EVENT_TEXT_LENGTH, MAX_EVENT_TITLE_LENGTH } from '@patio/core';
import { epochOfWallClock, isTimeZone, midnightOf } from '@patio/core/calendar/times';
import ICAL from 'ical.js';
import { FeedError } from './calendar.fetch';
import { withDtstartOccurrence } from './calendar.import.recurrence';
import { withoutControls } from './calendar.text';

// An external ICS feed → the rows a school's calendar stores for it (issue 11 §2): every occurrence
// in the imported period becomes one row, recurring events expanded with ical.js (RRULE, RDATE,
// EXDATE, moved or cancelled occurrences), DTSTART always the first occurrence as RFC 5545 has it
// (calendar.import.recurrence.ts). A row's external id is the event's UID plus its occurrence, so the
// next import updates it in place instead of adding it again.

/** The period imported: from 90 days ago to 400 days ahead. */
export const IMPORT_PAST_DAYS = 90;
export const IMPORT_FUTURE_DAYS = 400;
/** More occurrences than this in the period and the feed is refused (nothing changes). */
export const MAX_IMPORTED_EVENTS = 10_000;
/** Steps one recurring event may take from its first occurrence to the end of the period. */
const MAX_STEPS_PER_EVENT = 50_000;
/** Time walking a feed's rules may take: beyond it the feed is refused, not left to hold a worker. */
export const MAX_EXPANSION_MS = 5000;

export interface ImportedEvent {
  externalUid: string;
  title: string;
  secondary: string;
  location: string;
  startsAt: number;
  endsAt: number;
  allDay: boolean;
}

/** The period an import covers around `now` (epoch seconds). */
export function importPeriod(now: number): { from: number; to: number } {
  return { from: now - IMPORT_PAST_DAYS * 86_400, to: now + IMPORT_FUTURE_DAYS * 86_400 };
}

/** Text from someone else's feed: no control characters (PostgreSQL refuses NUL), trimmed, within our limits. */
function cleanText(value: unknown, max: number): string {
  if (typeof value !== 'string') return '';
  return withoutControls(value).trim().slice(0, max);
}

function dateOf(time: ICAL.Time): string {
  return `${String(time.year).padStart(4, '0')}-${String(time.month).padStart(2, '0')}-${String(time.day).padStart(2, '0')}`;
}

/**
 * The instant of a feed's time. A TZID that names an IANA zone is placed with this runtime's zone
 * rules; another TZID (Outlook's "Romance Standard Time") with the feed's own VTIMEZONE; UTC as it
 * is; a floating time, or a date, in the school's zone.
 */
function instantOf(time: ICAL.Time, declaredZone: string | null, schoolZone: string): number {
  if (time.isDate) return midnightOf(dateOf(time), schoolZone);
  const zone = time.zone?.tzid ?? 'floating';
  if (zone === 'UTC') return time.toUnixTime();
  const seconds = time.hour * 3600 + time.minute * 60 + time.second;
  const named = declaredZone ?? (zone !== 'floating' ? zone : null);
  if (named && isTimeZone(named)) return epochOfWallClock(dateOf(time), seconds, named);
  if (zone !== 'floating') return time.toUnixTime();
  return epochOfWallClock(dateOf(time), seconds, schoolZone);
}

function declaredZoneOf(component: ICAL.Component): string | null {
  const zone = component.getFirstProperty('dtstart')?.getParameter('tzid');
  return typeof zone === 'string' ? zone : null;
}

function isCancelled(component: ICAL.Component): boolean {
  return String(component.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED';
}

/** UID + occurrence, kept within the column (a very long UID is replaced by its hash). */
function externalUidOf(uid: string, occurrence: string): string {
  const id = uid.length > 200 ? createHash('sha256').update(uid).digest('hex') : uid;
  return `${id}#${occurrence}`;
}

function occurrenceKey(time: ICAL.Time): string {
  return time.isDate ? dateOf(time) : String(time.toUnixTime());
}

/** The calendar of a feed's text, or FeedError `feed_invalid`. */
function calendarOf(text: string): ICAL.Component {
  if (!/^\s*BEGIN:VCALENDAR/i.test(text)) throw new FeedError('feed_invalid', 'The address does not hold an ICS calendar');
  try {
    const parsed = ICAL.parse(text) as unknown[];
    // Several calendars in one file: the first one counts.
    const first = Array.isArray(parsed[0]) ? (parsed[0] as unknown[]) : parsed;
    const calendar = new ICAL.Component(first as never);
    if (calendar.name !== 'vcalendar') throw new Error('not a calendar');
    return calendar;
  } catch {
    throw new FeedError('feed_invalid', 'The ICS calendar could not be read');
  }
}

interface Collector {
  add(event: ImportedEvent): void;
  /** Counts one step of a rule's expansion against the feed's budget. */
  step(): void;
}

function collector(window: { from: number; to: number }, out: Map<string, ImportedEvent>, budgetMs: number): Collector {
  const deadline = Date.now() + budgetMs;
  let steps = 0;
  return {
    step() {
      // The clock is read every 256 steps: a step of a rule costs microseconds.
      if ((++steps & 255) === 0 && Date.now() > deadline) throw new FeedError('feed_invalid', 'The feed repeats its events too often to be read');
    },
    add(event) {
      const overlaps = event.startsAt < window.to && (event.endsAt > window.from || (event.endsAt === event.startsAt && event.startsAt >= window.from));
      if (!overlaps) return;
      out.set(event.externalUid, event);
      if (out.size > MAX_IMPORTED_EVENTS) throw new FeedError('feed_invalid', `The feed has more than ${MAX_IMPORTED_EVENTS} events in the imported period`);
    },
  };
}

function rowOf(uid: string, recurrenceKey: string, item: ICAL.Event, start: ICAL.Time, end: ICAL.Time, schoolZone: string): ImportedEvent {
  const allDay = start.isDate;
  const zone = declaredZoneOf(item.component);
  const startsAt = instantOf(start, zone, schoolZone);
  let endsAt = instantOf(end, zone, schoolZone);
  if (allDay && end.isDate) endsAt = midnightOf(dateOf(end), schoolZone);
  if (endsAt < startsAt || (allDay && endsAt === startsAt)) endsAt = allDay ? startsAt + 86_400 : startsAt;
  return {
    externalUid: externalUidOf(uid, recurrenceKey),
    title: cleanText(item.summary, MAX_EVENT_TITLE_LENGTH),
    secondary: cleanText(item.description, MAX_EVENT_TEXT_LENGTH),
    location: cleanText(item.location, MAX_EVENT_TEXT_LENGTH),
    startsAt,
    endsAt,
    allDay,
  };
}

/** Every occurrence of one recurring event (its exceptions related) that overlaps the period. */
function expandRecurring(uid: string, event: ICAL.Event, window: { from: number; to: number }, schoolZone: string, sink: Collector): void {
  const iterator = event.iterator();
  const masterZone = declaredZoneOf(event.component);
  for (let steps = 0; steps < MAX_STEPS_PER_EVENT; steps++) {
    const next = iterator.next();
    if (!next) return;
    sink.step();
    if (instantOf(next, masterZone, schoolZone) >= window.to) return;
    const details = event.getOccurrenceDetails(next);
    if (isCancelled(details.item.component)) continue;
    sink.add(rowOf(uid, occurrenceKey(next), details.item, details.startDate, details.endDate, schoolZone));
  }
}

/**
 * The occurrences of a feed's events that overlap `window` (epoch seconds), in `schoolZone` for
 * floating times and dates. Throws FeedError `feed_invalid` for text that is not an ICS calendar.
 */
export function parseFeed(text: string, window: { from: number; to: number }, schoolZone: string, budgetMs = MAX_EXPANSION_MS): ImportedEvent[] {
  const calendar = calendarOf(text);
  const byUid = new Map<string, { master: ICAL.Component | null; exceptions: ICAL.Component[] }>();
  calendar.getAllSubcomponents('vevent').forEach((component, index) => {
    // A VEVENT without a UID still gets a stable one from its place and start.
    const uid = cleanText(component.getFirstPropertyValue('uid'), 1000) || `no-uid-${index}-${String(component.getFirstPropertyValue('dtstart') ?? '')}`;
    const entry = byUid.get(uid) ?? { master: null, exceptions: [] };
    if (component.hasProperty('recurrence-id')) entry.exceptions.push(component);
    else entry.master ??= component;
    byUid.set(uid, entry);
  });

  const out = new Map<string, ImportedEvent>();
  const sink = collector(window, out, budgetMs);
  for (const [uid, { master, exceptions }] of byUid) {
    try {
      if (master === null) {
        // Moved occurrences whose series is not in the feed: each stands alone.
        for (const component of exceptions) {
          const event = new ICAL.Event(component);
          if (!isCancelled(component)) sink.add(rowOf(uid, occurrenceKey(event.recurrenceId), event, event.startDate, event.endDate, schoolZone));
        }
        continue;
      }
      if (isCancelled(master)) continue;
      withDtstartOccurrence(master);
      const event = new ICAL.Event(master, { strictExceptions: true, exceptions });
      if (event.isRecurring()) expandRecurring(uid, event, window, schoolZone, sink);
      else sink.add(rowOf(uid, occurrenceKey(event.startDate), event, event.startDate, event.endDate, schoolZone));
    } catch (err) {
      if (err instanceof FeedError) throw err;
      // One malformed event (a bad date, a broken rule) is skipped; the rest of the feed still counts.
    }
  }
  return [...out.values()].sort((a, b) => a.startsAt - b.startsAt || a.externalUid.localeCompare(b.externalUid));
}
