import { addDays, epochOfWallClock, localDateOf, secondsOfDay } from '../calendar/times';

// When a notification may go out, in the school's time zone: after the person's quiet hours, or at
// their daily digest time. Pure functions of an instant (epoch seconds) so both databases and every
// process agree.

/** Seconds since midnight of an 'HH:MM' time. */
export function secondsOfTime(time: string): number {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 3600 + m * 60;
}

/**
 * The instant quiet hours end when `now` falls inside them, else null. start > end spans midnight
 * (22:00–06:00); start = end means no quiet time at all.
 */
export function quietHoursEnd(now: number, quiet: { start: string; end: string } | null, timeZone: string): number | null {
  if (!quiet) return null;
  const start = secondsOfTime(quiet.start);
  const end = secondsOfTime(quiet.end);
  if (start === end) return null;
  const at = secondsOfDay(now, timeZone);
  const today = localDateOf(now, timeZone);
  if (start < end) return at >= start && at < end ? epochOfWallClock(today, end, timeZone) : null;
  if (at >= start) return epochOfWallClock(addDays(today, 1), end, timeZone);
  if (at < end) return epochOfWallClock(today, end, timeZone);
  return null;
}

/** The next instant at or after `now` whose local time is `time` (the daily digest). */
export function nextDailyTime(now: number, time: string, timeZone: string): number {
  const today = localDateOf(now, timeZone);
  const todayAt = epochOfWallClock(today, secondsOfTime(time), timeZone);
  return todayAt >= now ? todayAt : epochOfWallClock(addDays(today, 1), secondsOfTime(time), timeZone);
}
