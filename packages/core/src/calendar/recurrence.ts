import ICAL from 'ical.js';
import type { Occurrence, Recurrence } from '../schemas/calendar';
import { addDays, dateParts, daysBetween, epochOfWallClock, localDateOf, midnightOf, occurrenceOf, secondsOfDay } from './times';

// Expands an event's recurrence into occurrences (issue 11 §1). The rule is RFC 5545's (ical.js walks
// it, so a monthly event on the 31st skips shorter months); it runs on local wall-clock dates of the
// event's zone and each date is then placed in the zone, so a weekly 10:00 stays 10:00 across a
// daylight-saving change. A timed occurrence lasts as many seconds as the first; an all-day one as
// many days.

export interface RecurringEvent {
  startsAt: number;
  endsAt: number;
  allDay: boolean;
  timeZone: string;
  recurrence: Recurrence | null;
}

/** Occurrences a single expansion yields at most, whatever the window. */
export const MAX_EXPANDED = 2000;

const FREQ = { daily: 'DAILY', weekly: 'WEEKLY', monthly: 'MONTHLY', yearly: 'YEARLY' } as const;

function overlaps(o: { startDate: number; endDate: number }, from: number, to: number): boolean {
  if (o.startDate >= to) return false;
  // An instant event (start = end) belongs to the window it happens in.
  return o.endDate > from || (o.endDate === o.startDate && o.startDate >= from);
}

/** Local start dates of the rule, in order, from `firstDate` (with `skipped` periods already left out). */
function* localDates(rule: Recurrence, firstDate: string, skipped: number): Generator<string> {
  const { year, month, day } = dateParts(firstDate);
  const start = ICAL.Time.fromData({ year, month, day, isDate: true });
  const data: Record<string, unknown> = { freq: FREQ[rule.freq], interval: rule.interval };
  if (rule.count !== null) data.count = rule.count - skipped;
  if (rule.until !== null) data.until = ICAL.Time.fromData({ ...dateParts(rule.until), isDate: true });
  if (rule.count !== null && rule.count - skipped <= 0) return;
  const iterator = ICAL.Recur.fromData(data as never).iterator(start);
  for (let next = iterator.next(); next; next = iterator.next()) {
    yield `${String(next.year).padStart(4, '0')}-${String(next.month).padStart(2, '0')}-${String(next.day).padStart(2, '0')}`;
  }
}

/**
 * Daily and weekly rules are plain steps of days, so a window years after the first occurrence starts
 * walking near it instead of from the beginning.
 */
function fastForward(rule: Recurrence, firstDate: string, from: number, timeZone: string, spanDays: number): { date: string; skipped: number } {
  if (rule.freq !== 'daily' && rule.freq !== 'weekly') return { date: firstDate, skipped: 0 };
  const step = rule.interval * (rule.freq === 'weekly' ? 7 : 1);
  const gap = daysBetween(firstDate, localDateOf(from, timeZone)) - spanDays - 1;
  const periods = Math.max(0, Math.floor(gap / step) - 1);
  return { date: addDays(firstDate, periods * step), skipped: periods };
}

/** The occurrences overlapping [from, to) (epoch seconds), at most `limit`, earliest first. */
export function expandOccurrences(event: RecurringEvent, window: { from: number; to: number }, limit = MAX_EXPANDED): Occurrence[] {
  const { startsAt, endsAt, allDay, timeZone, recurrence } = event;
  if (recurrence === null) {
    const single = occurrenceOf(startsAt, endsAt, allDay, timeZone);
    return overlaps(single, window.from, window.to) && limit > 0 ? [single] : [];
  }
  const firstDate = localDateOf(startsAt, timeZone);
  const timeOfDay = allDay ? 0 : secondsOfDay(startsAt, timeZone);
  const spanDays = allDay ? Math.max(1, daysBetween(firstDate, localDateOf(endsAt, timeZone))) : Math.ceil((endsAt - startsAt) / 86_400);
  const duration = endsAt - startsAt;
  const exceptions = new Set(recurrence.exceptions);
  const begin = fastForward(recurrence, firstDate, window.from, timeZone, spanDays);

  const out: Occurrence[] = [];
  for (const date of localDates(recurrence, begin.date, begin.skipped)) {
    const start = allDay ? midnightOf(date, timeZone) : epochOfWallClock(date, timeOfDay, timeZone);
    if (start >= window.to || out.length >= limit) break;
    if (exceptions.has(date)) continue;
    const end = allDay ? midnightOf(addDays(date, spanDays), timeZone) : start + duration;
    const occurrence = occurrenceOf(start, end, allDay, timeZone);
    if (overlaps(occurrence, window.from, window.to)) out.push(occurrence);
  }
  return out;
}

/** The next `n` occurrences that have not ended by `now`. */
export function upcomingOccurrences(event: RecurringEvent, now: number, n: number): Occurrence[] {
  return expandOccurrences(event, { from: now, to: Number.MAX_SAFE_INTEGER }, n);
}

/**
 * An upper bound of the end of the last occurrence (stored so window queries can skip events over
 * before them); null when the rule never ends.
 */
export function lastEndBound(event: RecurringEvent): number | null {
  const { recurrence } = event;
  if (recurrence === null) return event.endsAt;
  const bounds: number[] = [];
  if (recurrence.count !== null) {
    const all = expandOccurrences({ ...event, recurrence: { ...recurrence, exceptions: [] } }, { from: event.startsAt, to: Number.MAX_SAFE_INTEGER }, recurrence.count);
    const last = all.at(-1);
    bounds.push(last ? last.endDate : event.endsAt);
  }
  if (recurrence.until !== null) {
    // The last start is on the until date at the latest; add the event's length (a whole day's margin).
    bounds.push(midnightOf(addDays(recurrence.until, 2), event.timeZone) + (event.endsAt - event.startsAt));
  }
  return bounds.length === 0 ? null : Math.min(...bounds);
}
