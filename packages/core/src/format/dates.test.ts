import { describe, expect, it } from 'vitest';
import { formatFullDate, formatPostDate, formatRelativeTime, resolveDateLocale, toDate } from './dates';

// Noon UTC keeps the calendar day stable in any time zone from UTC−11 to UTC+11.
const now = new Date('2024-03-10T12:00:00Z');
const threeHoursAgo = new Date('2024-03-10T09:00:00Z');
const threeDaysAgo = new Date('2024-03-07T12:00:00Z');
const nineDaysAgo = new Date('2024-03-01T12:00:00Z');

describe('formatPostDate', () => {
  it('says less than a minute instead of counting seconds', () => {
    const now = new Date('2026-11-23T10:00:00Z');
    expect(formatPostDate(new Date('2026-11-23T09:59:59Z'), now, 'es-CO')).toBe('hace menos de 5 segundos');
    expect(formatPostDate(new Date('2026-11-23T10:00:00Z'), now, 'en')).toBe('less than 5 seconds ago');
    expect(formatPostDate(new Date('2026-11-23T09:59:30Z'), now, 'en')).toBe('half a minute ago');
    expect(formatPostDate(new Date('2026-11-23T09:59:15Z'), now, 'en')).toBe('less than a minute ago');
  });

  const cases: Array<[string, string, string, string]> = [
    ['es', 'hace 3 horas', 'hace 3 días', '1 de marzo de 2024'],
    ['es-CO', 'hace 3 horas', 'hace 3 días', '1 de marzo de 2024'],
    ['en', '3 hours ago', '3 days ago', 'March 1st, 2024'],
    ['de', 'vor 3 Stunden', 'vor 3 Tagen', '1. März 2024'],
    ['fr', 'il y a 3 heures', 'il y a 3 jours', '1 mars 2024'],
    ['it', '3 ore fa', '3 giorni fa', '1 marzo 2024'],
    ['pt', 'há 3 horas', 'há 3 dias', '1 de março de 2024'],
    ['ja', '3 hours ago', '3 days ago', 'March 1st, 2024'],
  ];
  it.each(cases)('in %s', (tag, hours, days, full) => {
    expect(formatPostDate(threeHoursAgo, now, tag)).toBe(hours);
    expect(formatPostDate(threeDaysAgo, now, tag)).toBe(days);
    expect(formatPostDate(nineDaysAgo, now, tag)).toBe(full);
  });

  it('switches to a full date just past 6 days', () => {
    const sixDays = new Date(now.getTime() - 6 * 24 * 3600 * 1000);
    const sixDaysAndAMinute = new Date(sixDays.getTime() - 60_000);
    expect(formatPostDate(sixDays, now, 'en')).toBe('6 days ago');
    expect(formatPostDate(sixDaysAndAMinute, now, 'en')).toBe(formatFullDate(sixDaysAndAMinute, 'en'));
  });

  it('treats future dates by distance too', () => {
    expect(formatPostDate(new Date('2024-03-10T15:00:00Z'), now, 'es')).toBe('en 3 horas');
    expect(formatPostDate(new Date('2024-03-20T12:00:00Z'), now, 'en')).toBe('March 20th, 2024');
  });

  it('accepts ISO strings and epoch milliseconds', () => {
    expect(formatPostDate('2024-03-10T09:00:00Z', now.getTime(), 'en')).toBe('3 hours ago');
  });

  it('throws RangeError for an invalid date', () => {
    expect(() => formatPostDate('not a date', now, 'en')).toThrow(RangeError);
  });
});

describe('date helpers', () => {
  it('shows very recent dates in words, later ones by count', () => {
    expect(formatRelativeTime(new Date(now.getTime() - 30_000), now, 'de')).toBe('vor einer halben Minute');
    expect(formatRelativeTime(new Date(now.getTime() - 90_000), now, 'de')).toBe('vor 2 Minuten');
  });

  it('resolves locales by language', () => {
    expect(resolveDateLocale('pt-BR').code).toBe('pt');
    expect(resolveDateLocale(undefined).code).toBe('en-US');
  });

  it('copies Date inputs', () => {
    const date = new Date(0);
    expect(toDate(date)).not.toBe(date);
    expect(toDate(date).getTime()).toBe(0);
  });
});
