import { describe, expect, it } from 'vitest';
import { formatMinor, minorDigits, minorInSpanishWords, toMinor } from './money';

describe('money in minor units', () => {
  it('knows the exponent of each currency', () => {
    expect(minorDigits('COP')).toBe(0);
    expect(minorDigits('EUR')).toBe(2);
    expect(minorDigits('JPY')).toBe(0);
    expect(minorDigits('Bs')).toBe(2);
  });

  it('reads typed amounts exactly, refusing what is not one', () => {
    expect(toMinor('450000', 'COP')).toBe(450_000);
    expect(toMinor('12,5', 'EUR')).toBe(1250);
    expect(toMinor('12.50', 'EUR')).toBe(1250);
    expect(toMinor('12.505', 'EUR')).toBeNull();
    expect(toMinor('-3', 'EUR')).toBeNull();
    expect(toMinor('1e3', 'EUR')).toBeNull();
    expect(toMinor('100', 'JPY')).toBe(100);
    expect(toMinor('100.5', 'COP')).toBeNull();
  });

  it('formats and spells amounts', () => {
    expect(formatMinor(450_000, 'COP', 'es-CO').replace(/\s/g, ' ')).toBe('$ 450.000');
    expect(minorInSpanishWords(123_450, 'EUR')).toBe('mil doscientos treinta y cuatro con cincuenta');
  });
});
