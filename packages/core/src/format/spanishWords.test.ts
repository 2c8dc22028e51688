import { describe, expect, it } from 'vitest';
import { numberToSpanishWords } from './spanishWords';

describe('numberToSpanishWords', () => {
  const cases: Array<[number, string]> = [
    [0, 'cero'],
    [1, 'uno'],
    [9, 'nueve'],
    [10, 'diez'],
    [15, 'quince'],
    [16, 'dieciséis'],
    [20, 'veinte'],
    [21, 'veintiuno'],
    [22, 'veintidós'],
    [23, 'veintitrés'],
    [26, 'veintiséis'],
    [30, 'treinta'],
    [31, 'treinta y uno'],
    [99, 'noventa y nueve'],
    [100, 'cien'],
    [101, 'ciento uno'],
    [110, 'ciento diez'],
    [121, 'ciento veintiuno'],
    [200, 'doscientos'],
    [500, 'quinientos'],
    [555, 'quinientos cincuenta y cinco'],
    [700, 'setecientos'],
    [900, 'novecientos'],
    [999, 'novecientos noventa y nueve'],
    [1000, 'mil'],
    [1001, 'mil uno'],
    [1100, 'mil cien'],
    [2000, 'dos mil'],
    [21_000, 'veintiún mil'],
    [31_000, 'treinta y un mil'],
    [100_000, 'cien mil'],
    [101_000, 'ciento un mil'],
    [1_000_000, 'un millón'],
    [1_000_001, 'un millón uno'],
    [2_000_000, 'dos millones'],
    [21_000_000, 'veintiún millones'],
    [100_000_000, 'cien millones'],
    [1_000_000_000, 'mil millones'],
    [1_001_000_000, 'mil un millones'],
    [2_500_000_000, 'dos mil quinientos millones'],
    [1_234_567, 'un millón doscientos treinta y cuatro mil quinientos sesenta y siete'],
    [
      999_999_999_999,
      'novecientos noventa y nueve mil novecientos noventa y nueve millones novecientos noventa y nueve mil novecientos noventa y nueve',
    ],
  ];
  it.each(cases)('%d → %s', (n, words) => {
    expect(numberToSpanishWords(n)).toBe(words);
  });

  describe('cents after con', () => {
    it.each([
      [1234.5, 'mil doscientos treinta y cuatro con cincuenta'],
      [0.05, 'cero con cinco'],
      [1.01, 'uno con uno'],
      [0.29, 'cero con veintinueve'],
      [10.999, 'once'], // rounds to the cent
      [7.0, 'siete'],
    ])('%d → %s', (n, words) => {
      expect(numberToSpanishWords(n)).toBe(words);
    });
  });

  it.each([-1, -0.01, 1_000_000_000_000, 999_999_999_999.999, Number.NaN, Number.POSITIVE_INFINITY])(
    'throws RangeError for %d',
    (n) => {
      expect(() => numberToSpanishWords(n)).toThrow(RangeError);
    },
  );

  it('never leaves double spaces or a trailing "uno" before a noun', () => {
    for (let n = 0; n < 2_000_000; n += 997) {
      const words = numberToSpanishWords(n);
      expect(words).not.toMatch(/\s{2}|^\s|\s$|uno (mil|millón|millones)|un mil$|^un mil /);
    }
  });
});
