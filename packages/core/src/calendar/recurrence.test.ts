import { describe, expect, it } from 'vitest';
import type { Recurrence } from '../schemas/calendar';
import { expandOccurrences, lastEndBound, upcomingOccurrences } from './recurrence';
import { epochOfWallClock, normaliseEventTimes } from './times';

const MADRID = 'Europe/Madrid';
const BOGOTA = 'America/Bogota';

function rule(partial: Partial<Recurrence> & Pick<Recurrence, 'freq'>): Recurrence {
  return { interval: 1, count: null, until: null, exceptions: [], ...partial };
}

function timed(date: string, hour: number, minutes: number, timeZone: string, recurrence: Recurrence | null) {
  const startsAt = epochOfWallClock(date, hour * 3600, timeZone);
  return { startsAt, endsAt: startsAt + minutes * 60, allDay: false, timeZone, recurrence };
}

const everything = { from: 0, to: 4_000_000_000 };

describe('expandOccurrences', () => {
  it('keeps a weekly 10:00 at 10:00 local across the spring daylight-saving change in Madrid', () => {
    const event = timed('2026-03-16', 10, 60, MADRID, rule({ freq: 'weekly', count: 4 }));
    const starts = expandOccurrences(event, everything).map((o) => o.start);
    expect(starts).toEqual(['2026-03-16T10:00:00+01:00', '2026-03-23T10:00:00+01:00', '2026-03-30T10:00:00+02:00', '2026-04-06T10:00:00+02:00']);
    const gaps = expandOccurrences(event, everything).map((o, i, all) => (i === 0 ? 0 : o.startDate - all[i - 1]!.startDate));
    expect(gaps).toEqual([0, 7 * 86_400, 7 * 86_400 - 3600, 7 * 86_400]);
  });

  it('keeps wall-clock time across the autumn change too, and every occurrence lasts as long as the first', () => {
    const event = timed('2026-10-19', 18, 90, MADRID, rule({ freq: 'weekly', count: 3 }));
    const all = expandOccurrences(event, everything);
    expect(all.map((o) => o.start)).toEqual(['2026-10-19T18:00:00+02:00', '2026-10-26T18:00:00+01:00', '2026-11-02T18:00:00+01:00']);
    expect(all.every((o) => o.endDate - o.startDate === 90 * 60)).toBe(true);
  });

  it('has nothing to shift in Bogotá, which keeps one offset all year', () => {
    const event = timed('2026-03-16', 10, 60, BOGOTA, rule({ freq: 'weekly', count: 3 }));
    expect(expandOccurrences(event, everything).map((o) => o.start)).toEqual(['2026-03-16T10:00:00-05:00', '2026-03-23T10:00:00-05:00', '2026-03-30T10:00:00-05:00']);
  });

  it('skips months without the day, as RFC 5545 does, and stops at until (inclusive)', () => {
    const event = timed('2026-01-31', 9, 60, MADRID, rule({ freq: 'monthly', until: '2026-08-31' }));
    expect(expandOccurrences(event, everything).map((o) => o.start.slice(0, 10))).toEqual(['2026-01-31', '2026-03-31', '2026-05-31', '2026-07-31', '2026-08-31']);
  });

  it('leaves exceptions out but still counts them', () => {
    const event = timed('2026-12-01', 8, 30, BOGOTA, rule({ freq: 'daily', count: 4, exceptions: ['2026-12-02'] }));
    expect(expandOccurrences(event, everything).map((o) => o.start.slice(0, 10))).toEqual(['2026-12-01', '2026-12-03', '2026-12-04']);
  });

  it('answers only the occurrences overlapping the window, and a window decades later without walking from the start', () => {
    const event = timed('1990-01-01', 8, 60, MADRID, rule({ freq: 'daily', interval: 3 }));
    const from = epochOfWallClock('2026-10-24', 0, MADRID);
    const to = epochOfWallClock('2026-10-30', 0, MADRID);
    const starts = expandOccurrences(event, { from, to }).map((o) => o.start.slice(0, 10));
    expect(starts.length).toBe(2);
    expect(starts.every((d) => d >= '2026-10-24' && d < '2026-10-30')).toBe(true);
    // Same answer as walking from the first occurrence.
    const walked = expandOccurrences(event, { from: 0, to }, 100_000).filter((o) => o.endDate > from).map((o) => o.start.slice(0, 10));
    expect(starts).toEqual(walked);
  });

  it('expands all-day events by local days, spanning several days', () => {
    const times = normaliseEventTimes({ startDate: epochOfWallClock('2026-12-24', 15 * 3600, MADRID), endDate: epochOfWallClock('2026-12-25', 12 * 3600, MADRID), allDay: true }, MADRID);
    const event = { ...times, allDay: true, timeZone: MADRID, recurrence: rule({ freq: 'yearly', count: 3 }) };
    expect(expandOccurrences(event, everything).map((o) => [o.start, o.end])).toEqual([
      ['2026-12-24', '2026-12-26'],
      ['2027-12-24', '2027-12-26'],
      ['2028-12-24', '2028-12-26'],
    ]);
  });

  it('answers a single event once when it overlaps, including an instant at the window start', () => {
    const event = timed('2026-05-05', 12, 0, BOGOTA, null);
    expect(expandOccurrences(event, { from: event.startsAt, to: event.startsAt + 1 })).toHaveLength(1);
    expect(expandOccurrences(event, { from: event.startsAt + 1, to: event.startsAt + 10 })).toHaveLength(0);
  });

  it('honours the limit', () => {
    const event = timed('2026-01-01', 8, 60, BOGOTA, rule({ freq: 'daily' }));
    expect(expandOccurrences(event, everything, 10)).toHaveLength(10);
    expect(upcomingOccurrences(event, epochOfWallClock('2026-02-01', 12 * 3600, BOGOTA), 2).map((o) => o.start.slice(0, 10))).toEqual(['2026-02-02', '2026-02-03']);
  });
});

describe('lastEndBound', () => {
  it('is the end for a single event and null for a rule that never ends', () => {
    const single = timed('2026-05-05', 12, 60, BOGOTA, null);
    expect(lastEndBound(single)).toBe(single.endsAt);
    expect(lastEndBound(timed('2026-05-05', 12, 60, BOGOTA, rule({ freq: 'weekly' })))).toBeNull();
  });

  it('bounds counted and dated rules at or after their last end', () => {
    const counted = timed('2026-01-31', 9, 60, MADRID, rule({ freq: 'monthly', count: 3 }));
    expect(lastEndBound(counted)).toBe(epochOfWallClock('2026-05-31', 10 * 3600, MADRID));
    const dated = timed('2026-01-05', 9, 60, MADRID, rule({ freq: 'weekly', until: '2026-02-02' }));
    const last = expandOccurrences(dated, everything).at(-1)!;
    expect(lastEndBound(dated)!).toBeGreaterThanOrEqual(last.endDate);
  });
});
