import { describe, expect, it } from 'vitest';
import { formatMoney, resolveCurrency } from './currency';

// Intl separates symbol and number with a no-break space; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('resolveCurrency', () => {
  it.each([
    [{ currencyPostfix: 'USD', orgUrl: 'https://colegio.es/api/x' }, 'USD'],
    [{ currencyPostfix: ' MXN ', orgUrl: 'https://a.co' }, 'MXN'],
    [{ currencyPostfix: '', orgUrl: 'https://colegio.es' }, 'EUR'],
    [{ currencyPostfix: '   ', orgUrl: 'https://colegio.es' }, 'EUR'],
    [{ currencyPostfix: null, orgUrl: 'https://demo.es.patio.app/api/demo/' }, 'EUR'],
    [{ orgUrl: 'colegio.es' }, 'EUR'],
    [{ orgUrl: 'https://colegio.edu.co/api/demo/' }, 'COP'],
    [{ orgUrl: 'https://escuela.edu.co' }, 'COP'],
    [{ orgUrl: 'https://colegio.com/es/' }, 'COP'],
    [{ orgUrl: null }, 'COP'],
    [{}, 'COP'],
  ])('%j → %s', (source, expected) => {
    expect(resolveCurrency(source)).toBe(expected);
  });
});

describe('formatMoney', () => {
  it('shows COP without decimals', () => {
    expect(plain(formatMoney(1234567.6, 'COP', 'es-CO'))).toBe('$ 1.234.568');
    expect(plain(formatMoney(1500, 'cop', 'en'))).toBe('COP 1,500');
  });

  it('shows EUR with two decimals', () => {
    expect(plain(formatMoney(1234.5, 'EUR', 'es'))).toBe('1234,50 €');
    expect(plain(formatMoney(1234.5, 'EUR', 'de'))).toBe('1.234,50 €');
    expect(plain(formatMoney(1234.5, 'EUR', 'en'))).toBe('€1,234.50');
  });

  it('appends a postfix that is not an ISO code', () => {
    expect(plain(formatMoney(10, 'US$', 'en'))).toBe('10.00 US$');
  });

  it('falls back to English for an unusable locale', () => {
    expect(plain(formatMoney(2, 'USD', '??'))).toBe('$2.00');
  });

  it('rejects a non-finite amount', () => {
    expect(() => formatMoney(Number.NaN, 'COP')).toThrow(RangeError);
  });
});
