import { describe, expect, it } from 'vitest';
import { epochOfWallClock, isTimeZone, localDateOf, midnightOf, normaliseEventTimes, occurrenceOf } from './times';

describe('school time', () => {
  it('knows IANA zones and refuses others', () => {
    expect(isTimeZone('Europe/Madrid')).toBe(true);
    expect(isTimeZone('America/Bogota')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });

  it('places local midnight and reads local dates in the zone, not the machine', () => {
    const m = midnightOf('2026-03-29', 'Europe/Madrid');
    expect(new Date(m * 1000).toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(localDateOf(m, 'Europe/Madrid')).toBe('2026-03-29');
    expect(localDateOf(m, 'America/Bogota')).toBe('2026-03-28');
  });

  it('turns an all-day input into whole local days, with an exclusive end', () => {
    const tz = 'Europe/Madrid';
    const sameDay = normaliseEventTimes({ startDate: epochOfWallClock('2026-12-08', 9 * 3600, tz), endDate: epochOfWallClock('2026-12-08', 9 * 3600, tz), allDay: true }, tz);
    expect(occurrenceOf(sameDay.startsAt, sameDay.endsAt, true, tz)).toMatchObject({ start: '2026-12-08', end: '2026-12-09' });
    const exclusive = normaliseEventTimes({ startDate: midnightOf('2026-12-08', tz), endDate: midnightOf('2026-12-10', tz), allDay: true }, tz);
    expect(occurrenceOf(exclusive.startsAt, exclusive.endsAt, true, tz)).toMatchObject({ start: '2026-12-08', end: '2026-12-10' });
    const timed = normaliseEventTimes({ startDate: 100, endDate: 200, allDay: false }, tz);
    expect(timed).toEqual({ startsAt: 100, endsAt: 200 });
  });

  it('writes timed occurrences with the offset in force that day', () => {
    const tz = 'Europe/Madrid';
    const winter = epochOfWallClock('2026-01-10', 10 * 3600, tz);
    const summer = epochOfWallClock('2026-07-10', 10 * 3600, tz);
    expect(occurrenceOf(winter, winter + 60, false, tz).start).toBe('2026-01-10T10:00:00+01:00');
    expect(occurrenceOf(summer, summer + 60, false, tz).start).toBe('2026-07-10T10:00:00+02:00');
  });
});
