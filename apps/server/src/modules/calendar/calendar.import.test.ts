import { addDays, epochOfWallClock, localDateOf, midnightOf } from '@patio/core/calendar/times';
import { describe, expect, it } from 'vitest';
import { FeedError } from './calendar.fetch';
import { sampleFeed } from './calendar.fetch.fixtures';
import { importPeriod, MAX_IMPORTED_EVENTS, parseFeed } from './calendar.import';
// Written by fixtures/feed-recurrence.py from python-dateutil (regenerate it there, never by hand).
import dateutilCases from './fixtures/feed-recurrence.json';

const MADRID = 'Europe/Madrid';
const BOGOTA = 'America/Bogota';

describe('reading an external feed', () => {
  const now = Math.floor(Date.now() / 1000);
  const today = localDateOf(now, MADRID);
  const day = (n: number) => addDays(today, 7 + n);
  const events = parseFeed(sampleFeed(today), importPeriod(now), BOGOTA);
  const titled = (title: string) => events.filter((e) => e.title === title);

  it('expands a weekly event in its own zone, leaving out EXDATE and cancelled days and moving the moved one', () => {
    const weekly = events.filter((e) => e.externalUid.startsWith('weekly-1@test#'));
    expect(weekly.map((e) => [localDateOf(e.startsAt, MADRID), e.startsAt - epochOfWallClock(localDateOf(e.startsAt, MADRID), 0, MADRID)])).toEqual([
      [day(0), 10 * 3600],
      [day(14), 11 * 3600],
      [day(28), 10 * 3600],
      [day(35), 10 * 3600],
    ]);
    expect(weekly.map((e) => e.title)).toEqual(['Entrenamiento , fútbol', 'Entrenamiento (movido)', 'Entrenamiento , fútbol', 'Entrenamiento , fútbol']);
    expect(weekly.every((e) => e.endsAt - e.startsAt === 3600 && !e.allDay)).toBe(true);
    expect(weekly[0]).toMatchObject({ location: 'Cancha' });
    // One row per occurrence, keyed by UID and the occurrence it replaces.
    expect(new Set(weekly.map((e) => e.externalUid)).size).toBe(4);
  });

  it('places all-day events on whole days of the school, UTC as UTC, floating times in the school zone, and Windows zones by their VTIMEZONE', () => {
    expect(titled('Puente festivo')).toEqual([
      expect.objectContaining({ allDay: true, startsAt: midnightOf(day(2), BOGOTA), endsAt: midnightOf(day(4), BOGOTA), secondary: 'Sin clases\nNo hay transporte' }),
    ]);
    expect(titled('Llamada')[0]!.startsAt).toBe(Date.parse(`${day(1)}T15:00:00Z`) / 1000);
    expect(titled('Desayuno')[0]!.startsAt).toBe(epochOfWallClock(day(1), 8 * 3600, BOGOTA));
    expect(titled('Consejo')[0]!.startsAt).toBe(epochOfWallClock(day(5), 18 * 3600, MADRID));
  });

  it('leaves out what lies outside the imported period', () => {
    expect(titled('Hace mucho')).toEqual([]);
    const period = importPeriod(now);
    expect(events.every((e) => e.endsAt > period.from && e.startsAt < period.to)).toBe(true);
  });

  it('refuses text that is not an ICS calendar with feed_invalid', () => {
    for (const text of ['<!doctype html><html></html>', '', 'BEGIN:VCARD\r\nEND:VCARD', 'BEGIN:VCALENDAR\r\nthis is : not ; ical\r\n']) {
      expect(() => parseFeed(text, importPeriod(now), BOGOTA), JSON.stringify(text)).toThrow(FeedError);
    }
  });

  it('skips one broken event and keeps the rest, and strips control characters', () => {
    const feed = [
      'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//x//y//ES',
      'BEGIN:VEVENT', 'UID:bad@test', 'DTSTART:not-a-date', 'SUMMARY:Roto', 'END:VEVENT',
      'BEGIN:VEVENT', 'UID:good@test', `DTSTART:${day(1).replaceAll('-', '')}T100000Z`, 'SUMMARY:Bien\u0000hecho\u0007', 'END:VEVENT',
      'END:VCALENDAR', '',
    ].join('\r\n');
    const read = parseFeed(feed, importPeriod(now), BOGOTA);
    expect(read.map((e) => e.title)).toEqual(['Bienhecho']);
  });

  it('refuses a feed whose rules would take too long to walk, instead of holding a worker', () => {
    const feed = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//x//y//ES'];
    for (let i = 0; i < 25; i++) feed.push('BEGIN:VEVENT', `UID:busy-${i}@test`, 'DTSTART:20000101T000000Z', 'RRULE:FREQ=SECONDLY', 'SUMMARY:Cada segundo', 'END:VEVENT');
    feed.push('END:VCALENDAR', '');
    const started = Date.now();
    expect(() => parseFeed(feed.join('\r\n'), importPeriod(now), BOGOTA, 300)).toThrow(/too often/);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it(`refuses a feed with more than ${MAX_IMPORTED_EVENTS} occurrences in the period`, () => {
    const feed = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//x//y//ES'];
    for (let i = 0; i < 30; i++) feed.push('BEGIN:VEVENT', `UID:many-${i}@test`, `DTSTART:${today.replaceAll('-', '')}T100000Z`, `DTEND:${today.replaceAll('-', '')}T100100Z`, 'RRULE:FREQ=DAILY', 'END:VEVENT');
    feed.push('END:VCALENDAR', '');
    expect(() => parseFeed(feed.join('\r\n'), importPeriod(now), BOGOTA)).toThrow(/more than/);
  });
});

interface RecurrenceCase {
  name: string;
  allDay: boolean;
  /** The VEVENT's DTSTART, DURATION, RRULE, RDATE and EXDATE lines. */
  lines: string[];
  /** Epoch seconds of each occurrence start, or local dates of all-day ones, as dateutil expands them. */
  expected: (number | string)[];
}

describe('item 4 (issue 34): repetitions of a feed read as RFC 5545 and python-dateutil read them', () => {
  const cases = dateutilCases.cases as RecurrenceCase[];
  const window = { from: Date.UTC(2026, 0, 1) / 1000, to: Date.UTC(2027, 0, 1) / 1000 };
  const feedOf = (c: RecurrenceCase, uid: string) =>
    ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//x//y//EN', 'BEGIN:VEVENT', `UID:${uid}`, 'SUMMARY:Salida', ...c.lines, 'END:VEVENT', 'END:VCALENDAR', ''].join('\r\n');
  const startsOf = (c: RecurrenceCase, uid = 'case@test') =>
    parseFeed(feedOf(c, uid), window, BOGOTA).map((e) => (c.allDay ? localDateOf(e.startsAt, BOGOTA) : e.startsAt));

  it('has the fixture cases (an RDATE without RRULE, a DTSTART off the BYDAY, with COUNT, EXDATE and UNTIL)', () => {
    expect(cases.length).toBeGreaterThanOrEqual(10);
    expect(cases.some((c) => c.lines.some((l) => l.startsWith('RDATE')) && !c.lines.some((l) => l.startsWith('RRULE')))).toBe(true);
    expect(cases.some((c) => c.lines.some((l) => /BYDAY=/.test(l)))).toBe(true);
  });

  for (const c of dateutilCases.cases as RecurrenceCase[]) {
    it(`expands "${c.name}" to dateutil's occurrences`, () => {
      expect(startsOf(c)).toEqual(c.expected);
    });
  }

  it('keeps the DTSTART of an event with RDATE and no RRULE, once, with the external id of its start', () => {
    const c = cases.find((x) => x.name === 'RDATE without RRULE keeps DTSTART')!;
    const events = parseFeed(feedOf(c, 'rdates@test'), window, BOGOTA);
    expect(events.map((e) => e.externalUid)).toEqual(c.expected.map((start) => `rdates@test#${start}`));
    expect(events.every((e) => e.endsAt - e.startsAt === 3600 && e.title === 'Salida')).toBe(true);
  });

  it('applies a moved occurrence (RECURRENCE-ID) to the DTSTART the rule does not match', () => {
    const feed = [
      'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//x//y//EN',
      'BEGIN:VEVENT', 'UID:moved@test', 'SUMMARY:Taller', 'DTSTART:20260304T100000Z', 'DURATION:PT1H', 'RRULE:FREQ=WEEKLY;BYDAY=TH;COUNT=3', 'END:VEVENT',
      'BEGIN:VEVENT', 'UID:moved@test', 'SUMMARY:Taller (movido)', 'RECURRENCE-ID:20260304T100000Z', 'DTSTART:20260304T140000Z', 'DURATION:PT1H', 'END:VEVENT',
      'END:VCALENDAR', '',
    ].join('\r\n');
    const events = parseFeed(feed, window, BOGOTA);
    expect(events.map((e) => [e.title, e.startsAt])).toEqual([
      ['Taller (movido)', Date.UTC(2026, 2, 4, 14) / 1000],
      ['Taller', Date.UTC(2026, 2, 5, 10) / 1000],
      ['Taller', Date.UTC(2026, 2, 12, 10) / 1000],
    ]);
  });
});
