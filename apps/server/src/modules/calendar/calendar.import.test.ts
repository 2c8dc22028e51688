import { addDays, epochOfWallClock, localDateOf, midnightOf } from '@patio/core/calendar/times';
import { describe, expect, it } from 'vitest';
import { FeedError } from './calendar.fetch';
import { sampleFeed } from './calendar.fetch.fixtures';
import { importPeriod, MAX_IMPORTED_EVENTS, parseFeed } from './calendar.import';

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
