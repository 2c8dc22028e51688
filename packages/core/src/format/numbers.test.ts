import { describe, expect, it } from 'vitest';
import { intlLocaleOf } from './intlLocale';
import { formatMeasure, formatNumber } from './numbers';

// ICU versions differ in the kind of space they put before a unit (plain, no-break, narrow no-break);
// what matters to a reader is the decimal and grouping marks, so spaces are compared as plain ones.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('intlLocaleOf', () => {
  it('writes Spanish as in Colombia and keeps the other five languages', () => {
    expect(['es', 'es-CO', 'ES', 'es-MX', 'en', 'de', 'fr', 'it', 'pt', 'pt-BR', 'de_AT'].map(intlLocaleOf)).toEqual([
      'es-CO', 'es-CO', 'es-CO', 'es-CO', 'en', 'de', 'fr', 'it', 'pt', 'pt', 'de',
    ]);
  });

  it('falls back to es-CO, the default language, for anything else', () => {
    expect([null, undefined, '', 'ja', 'xx-YY', '\u0000'].map(intlLocaleOf)).toEqual(['es-CO', 'es-CO', 'es-CO', 'es-CO', 'es-CO', 'es-CO']);
  });
});

describe('formatMeasure', () => {
  const cases: Array<[string, string, string, string, string]> = [
    // language, weight, height, temperature, distance
    ['es', '38,5 kg', '1.234,5 cm', '38,5 °C', '12,3 km'],
    ['en', '38.5 kg', '1,234.5 cm', '38.5°C', '12.3 km'],
    ['de', '38,5 kg', '1.234,5 cm', '38,5 °C', '12,3 km'],
    ['fr', '38,5 kg', '1 234,5 cm', '38,5 °C', '12,3 km'],
    ['it', '38,5 kg', '1234,5 cm', '38,5 °C', '12,3 km'],
    ['pt', '38,5 kg', '1.234,5 cm', '38,5 °C', '12,3 km'],
  ];
  it.each(cases)('writes decimals and units in %s', (language, weight, height, temperature, distance) => {
    expect(plain(formatMeasure(38.5, 'kilogram', language))).toBe(weight);
    expect(plain(formatMeasure(1234.5, 'centimeter', language))).toBe(height);
    expect(plain(formatMeasure(38.5, 'celsius', language))).toBe(temperature);
    expect(plain(formatMeasure(12.3, 'kilometer', language))).toBe(distance);
  });

  it('uses es-CO for es-CO and for an unknown language, never the device locale', () => {
    expect(plain(formatMeasure(38.5, 'kilogram', 'es-CO'))).toBe('38,5 kg');
    expect(plain(formatMeasure(38.5, 'kilogram', 'ja'))).toBe('38,5 kg');
    expect(plain(formatMeasure(38.5, 'kilogram', null))).toBe('38,5 kg');
  });

  it('shows the decimals asked for', () => {
    expect(plain(formatMeasure(38, 'kilogram', 'de', { minimumFractionDigits: 1 }))).toBe('38,0 kg');
    expect(plain(formatMeasure(60.456, 'kilometer-per-hour', 'en', { maximumFractionDigits: 0 }))).toBe('60 km/h');
  });

  it('refuses what is not a number', () => {
    expect(() => formatMeasure(Number.NaN, 'kilogram', 'es')).toThrow(RangeError);
    expect(() => formatMeasure(Number.POSITIVE_INFINITY, 'celsius', 'en')).toThrow(RangeError);
  });
});

describe('formatNumber', () => {
  const cases: Array<[string, string]> = [
    ['es', '1.234.567,25'],
    ['en', '1,234,567.25'],
    ['de', '1.234.567,25'],
    ['fr', '1 234 567,25'],
    ['it', '1.234.567,25'],
    ['pt', '1.234.567,25'],
  ];
  it.each(cases)('groups and separates decimals in %s', (language, expected) => {
    expect(plain(formatNumber(1234567.25, language))).toBe(expected);
  });

  it('refuses NaN', () => {
    expect(() => formatNumber(Number.NaN, 'es')).toThrow(RangeError);
  });
});
