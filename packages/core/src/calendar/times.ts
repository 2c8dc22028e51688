import { TZDate } from '@date-fns/tz';
import type { Occurrence } from '../schemas/calendar';

// Wall-clock time in a school's zone (spec §3 Calendar event: epoch seconds; issue 11: schools have a
// time zone). All-day events cover whole local days: local midnight of the first day to local midnight
// after the last one, so they land on the same days wherever the reader's device is.

export const DEFAULT_TIME_ZONE = 'America/Bogota';

const DAY_MS = 86_400_000;

/** True when this runtime knows the IANA zone `name`. */
export function isTimeZone(name: string): boolean {
  if (name.trim() === '' || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** The local calendar date ('YYYY-MM-DD') of an instant. */
export function localDateOf(epochSeconds: number, timeZone: string): string {
  const d = new TZDate(epochSeconds * 1000, timeZone);
  return `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Year, month (1-12) and day of a 'YYYY-MM-DD' date. */
export function dateParts(date: string): { year: number; month: number; day: number } {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

/** The date `days` after `date` (calendar arithmetic, no zone involved). */
export function addDays(date: string, days: number): string {
  const { year, month, day } = dateParts(date);
  const d = new Date(Date.UTC(year, month - 1, day) + days * DAY_MS);
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** Whole days from `from` to `to` ('YYYY-MM-DD' each). */
export function daysBetween(from: string, to: string): number {
  const a = dateParts(from);
  const b = dateParts(to);
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / DAY_MS);
}

/** The instant of a local wall-clock time (a time skipped by a daylight-saving jump moves forward). */
export function epochOfWallClock(date: string, seconds: number, timeZone: string): number {
  const { year, month, day } = dateParts(date);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return Math.floor(new TZDate(year, month - 1, day, h, m, s, timeZone).getTime() / 1000);
}

/** Seconds since local midnight of an instant. */
export function secondsOfDay(epochSeconds: number, timeZone: string): number {
  const d = new TZDate(epochSeconds * 1000, timeZone);
  return d.getHours() * 3600 + d.getMinutes() * 60 + d.getSeconds();
}

/** Local midnight of `date` as epoch seconds. */
export function midnightOf(date: string, timeZone: string): number {
  return epochOfWallClock(date, 0, timeZone);
}

/**
 * The stored start and end of an event. All day: the start's local day at midnight to midnight after
 * the end's local day — unless the end already is a local midnight after the start (an exclusive end,
 * as calendars send it). Timed: unchanged.
 */
export function normaliseEventTimes(
  input: { startDate: number; endDate: number; allDay: boolean },
  timeZone: string,
): { startsAt: number; endsAt: number } {
  if (!input.allDay) return { startsAt: input.startDate, endsAt: input.endDate };
  const startsAt = midnightOf(localDateOf(input.startDate, timeZone), timeZone);
  const endDay = localDateOf(input.endDate, timeZone);
  const endIsMidnight = midnightOf(endDay, timeZone) === input.endDate;
  const endsAt = endIsMidnight && input.endDate > startsAt ? input.endDate : midnightOf(addDays(endDay, 1), timeZone);
  return { startsAt, endsAt };
}

/** ISO 8601 with the zone's offset, without milliseconds: 2026-03-30T10:00:00+02:00. */
export function isoInZone(epochSeconds: number, timeZone: string): string {
  return new TZDate(epochSeconds * 1000, timeZone).toISOString().replace(/\.\d{3}(?=[+-]|Z)/, '');
}

/** One occurrence as answers carry it: epoch seconds plus the strings calendars read. */
export function occurrenceOf(startsAt: number, endsAt: number, allDay: boolean, timeZone: string): Occurrence {
  if (allDay) {
    return { startDate: startsAt, endDate: endsAt, start: localDateOf(startsAt, timeZone), end: localDateOf(endsAt, timeZone) };
  }
  return { startDate: startsAt, endDate: endsAt, start: isoInZone(startsAt, timeZone), end: isoInZone(endsAt, timeZone) };
}
