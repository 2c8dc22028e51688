import { formatMoney } from '../format/currency';
import { numberToSpanishWords } from '../format/spanishWords';

// Amounts travel as integer minor units (docs/decisions/019-billing-ledger.md); these turn them into
// what people read. The exponent is fixed here rather than read from Intl, whose data differs between
// ICU versions (browsers and Node disagree on COP): pesos of Colombia and Chile are counted whole, as
// schools bill them and as formatMoney shows them; a school's free postfix counts in hundredths.

const WHOLE = new Set(['COP', 'CLP', 'JPY', 'PYG', 'KRW', 'VND', 'ISK', 'UGX', 'XAF', 'XOF']);
const THOUSANDTHS = new Set(['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND']);

/** Digits after the decimal point of `currency`'s minor unit. */
export function minorDigits(currency: string): number {
  const code = currency.trim().toUpperCase();
  if (WHOLE.has(code)) return 0;
  if (THOUSANDTHS.has(code)) return 3;
  return 2;
}

/** Minor units → major units (a number for display only: never add these up). */
export function toMajor(minor: number, currency: string): number {
  return minor / 10 ** minorDigits(currency);
}

/** Major units as typed by a person ('450000', '450000.5') → minor units, or null when it is not an amount. */
export function toMinor(major: string | number, currency: string): number | null {
  const text = String(major).trim();
  const digits = minorDigits(currency);
  const match = /^(\d{1,12})(?:[.,](\d+))?$/.exec(text);
  if (!match) return null;
  const fraction = match[2] ?? '';
  if (fraction.length > digits && /[1-9]/.test(fraction.slice(digits))) return null;
  const cents = (fraction + '0'.repeat(digits)).slice(0, digits);
  return Number(match[1]) * 10 ** digits + (digits ? Number(cents) : 0);
}

/** An amount in minor units formatted for `locale` ('$ 450.000' for COP in es-CO). */
export function formatMinor(minor: number, currency: string, locale = 'es-CO'): string {
  return formatMoney(toMajor(minor, currency), currency, locale);
}

/** The amount in Spanish words for receipts (§9: up to 12 digits, cents introduced by 'con'). */
export function minorInSpanishWords(minor: number, currency: string): string {
  return numberToSpanishWords(toMajor(minor, currency));
}
