import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDay, formatTime } from './dateTimes';

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const moment = '2024-03-01T15:04:00Z';
const utc = { timeZone: 'UTC' };

describe('formatDate and formatDateTime', () => {
  const cases: Array<[string, string, string, string]> = [
    // language, long date, medium date with time, time
    ['es', '1 de marzo de 2024', '1/03/2024, 3:04 p. m.', '3:04 p. m.'],
    ['en', 'March 1, 2024', 'Mar 1, 2024, 3:04 PM', '3:04 PM'],
    ['de', '1. März 2024', '01.03.2024, 15:04', '15:04'],
    ['fr', '1 mars 2024', '1 mars 2024, 15:04', '15:04'],
    ['it', '1 marzo 2024', '1 mar 2024, 15:04', '15:04'],
    ['pt', '1 de março de 2024', '1 de mar. de 2024, 15:04', '15:04'],
  ];
  it.each(cases)('writes dates and times in %s', (language, long, medium, time) => {
    expect(formatDate(moment, language, utc)).toBe(long);
    expect(plain(formatDateTime(moment, language, { ...utc, dateStyle: 'medium' }))).toBe(medium);
    expect(plain(formatTime(moment, language, utc))).toBe(time);
  });

  it('writes Spanish as in Colombia (Spain would write "1 mar 2024, 15:04"), whatever the device says', () => {
    expect(plain(formatDateTime(moment, 'es-CO', { ...utc, dateStyle: 'medium' }))).toBe('1/03/2024, 3:04 p. m.');
    expect(plain(formatDateTime(moment, null, { ...utc, dateStyle: 'short' }))).toBe('1/03/24, 3:04 p. m.');
  });

  it('takes epoch milliseconds and Dates, and refuses an invalid date', () => {
    expect(formatDate(Date.parse(moment), 'en', utc)).toBe('March 1, 2024');
    expect(formatDate(new Date(moment), 'de', { ...utc, dateStyle: 'short' })).toBe('01.03.24');
    expect(() => formatDate('not a date', 'es')).toThrow(RangeError);
  });
});

describe('formatDay', () => {
  it.each([
    ['es', '12 de abril de 1985'],
    ['en', 'April 12, 1985'],
    ['de', '12. April 1985'],
    ['fr', '12 avril 1985'],
    ['it', '12 aprile 1985'],
    ['pt', '12 de abril de 1985'],
  ])('writes a birthday in %s on the same day in every time zone', (language, expected) => {
    expect(formatDay('1985-04-12', language)).toBe(expected);
  });

  it('gives back what is not a calendar day', () => {
    expect(formatDay('someday', 'es')).toBe('someday');
    expect(formatDay('1985-13-45', 'es')).toBe('1985-13-45');
  });
});
