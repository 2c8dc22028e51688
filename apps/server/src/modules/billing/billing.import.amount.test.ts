import { describe, expect, it } from 'vitest';
import { readTypedAmount } from './billing.import.amount';

const minor = (typed: string, currency: string) => {
  const read = readTypedAmount(typed, currency);
  return 'minor' in read ? read.minor : read.error;
};

describe('amounts typed in a debits file', () => {
  it('reads pesos written with or without thousands marks, signs and spaces', () => {
    expect(minor('450000', 'COP')).toBe(450_000);
    expect(minor('450.000', 'COP')).toBe(450_000);
    expect(minor('450,000', 'COP')).toBe(450_000);
    expect(minor('$ 1.234.567', 'COP')).toBe(1_234_567);
    expect(minor('1 234 567 COP', 'COP')).toBe(1_234_567);
    expect(minor('450.000,00', 'COP')).toBe(450_000);
    expect(minor('1,234,567.00', 'COP')).toBe(1_234_567);
  });

  it('reads cents of a currency with a minor unit and refuses a lone mark before three digits as ambiguous', () => {
    expect(minor('450.000,50', 'EUR')).toBe(45_000_050);
    expect(minor('1,234.5', 'EUR')).toBe(123_450);
    expect(minor('12,5', 'EUR')).toBe(1250);
    expect(minor('99.90 €', 'EUR')).toBe(9990);
    expect(minor('1.234.567', 'EUR')).toBe(123_456_700);
    expect(minor('1.500', 'EUR')).toBe('ambiguous_amount');
    expect(minor('1,500', 'EUR')).toBe('ambiguous_amount');
    expect(minor('0,500', 'EUR')).toBe(50);
  });

  it('refuses negative, fractional, non-numeric, zero, badly grouped and too large amounts', () => {
    for (const typed of ['-5000', '(5000)', '$-5000', '450000,5', '450000.50', 'abc', '12a', '', '0', '0,00', '1.23.456', '12,34,567', '1e21', '1000000000000', '99999999999999999999'])
      expect(minor(typed, 'COP'), typed).toBe('invalid_amount');
    expect(minor('10,255', 'EUR')).toBe('ambiguous_amount');
    expect(minor('10.25,5', 'EUR')).toBe('invalid_amount');
    expect(minor('1.234,567', 'EUR')).toBe('invalid_amount');
    expect(minor('9999999999,99', 'EUR')).toBe(999_999_999_999);
    expect(minor('10000000000', 'EUR')).toBe('invalid_amount');
  });
});
