import { MAX_AMOUNT_MINOR, minorDigits, toMinor } from '@patio/core';

// How an amount typed in a debits file is read (issue 14 §4). People write money the way their
// spreadsheet shows it: '450000', '450.000', '450.000,50', '1,234.56', '$ 450.000'. The rule:
// - a currency sign, spaces and the code may surround it; a minus sign or parentheses make it negative
//   (refused: a debit charges, a discount is a smaller charge);
// - with both '.' and ',', the last one is the decimal mark and the other groups thousands;
// - one mark written several times groups thousands ('1.234.567');
// - one mark written once is decimal when 1 or 2 digits follow ('12,5', '99.90'); when 3 digits follow
//   ('450.000', '1,500') it groups thousands for a currency counted whole (COP: no pesos have
//   cents), and is refused as ambiguous for a currency with a minor unit (EUR: 1.500 or 1,5?);
// - thousands groups have exactly 3 digits; then toMinor turns the major units into minor units and
//   refuses more decimals than the currency has ('450000,5' in COP, '12,345' in EUR when decimal).

export type AmountReading = { minor: number } | { error: 'invalid_amount' | 'ambiguous_amount'; message: string };

const invalid = (message: string): AmountReading => ({ error: 'invalid_amount', message });

/** Reads one typed amount of `currency` into minor units, or says why it cannot. */
export function readTypedAmount(typed: string, currency: string): AmountReading {
  const code = currency.trim().toUpperCase();
  let text = typed.replace(/[\s\u00a0\u202f]+/g, '');
  if (code && text.toUpperCase().endsWith(code)) text = text.slice(0, -code.length);
  if (code && text.toUpperCase().startsWith(code)) text = text.slice(code.length);
  text = text.replace(/^[$€£¥]|[$€£¥]$/g, '');
  if (text === '') return invalid('The value is required');
  if (/^[-−(]|[-−)]$/.test(text)) return invalid(`"${typed}" is negative: a concept's value is at least 1`);
  if (!/^[0-9.,]+$/.test(text)) return invalid(`"${typed.slice(0, 40)}" is not an amount: write digits, e.g. 450000 or 450.000`);
  const digits = minorDigits(code);
  const normalized = normalizeMarks(text, digits);
  if (typeof normalized !== 'string') return normalized;
  if (normalized.replace('.', '').replace(/^0+/, '').length > 15) return invalid(`"${typed.slice(0, 40)}" is too large`);
  const minor = toMinor(normalized, code);
  if (minor === null) {
    return invalid(digits === 0 ? `"${typed}" has decimals: ${code} amounts are whole` : `"${typed}" has more than ${digits} decimals`);
  }
  if (minor < 1) return invalid(`"${typed}" is zero: a concept's value is at least 1`);
  if (minor > MAX_AMOUNT_MINOR) return invalid(`"${typed}" is too large`);
  return { minor };
}

/** The text with thousands marks removed and '.' as the decimal mark. */
function normalizeMarks(text: string, digits: number): string | AmountReading {
  const bad = invalid(`"${text}" is not an amount: group thousands by three digits, e.g. 1.234.567 or 1.234,50`);
  const lastDot = text.lastIndexOf('.');
  const lastComma = text.lastIndexOf(',');
  if (lastDot === -1 && lastComma === -1) return text;
  let integer: string;
  let fraction: string;
  let thousands: string | null;
  if (lastDot !== -1 && lastComma !== -1) {
    const decimal = lastDot > lastComma ? '.' : ',';
    thousands = decimal === '.' ? ',' : '.';
    const at = text.lastIndexOf(decimal);
    integer = text.slice(0, at);
    fraction = text.slice(at + 1);
    if (integer.includes(decimal)) return bad;
  } else {
    const mark = lastDot !== -1 ? '.' : ',';
    const parts = text.split(mark);
    if (parts.length > 2) {
      thousands = mark;
      integer = text;
      fraction = '';
    } else if (parts[1].length === 3 && digits !== 0 && parts[0] !== '0') {
      return { error: 'ambiguous_amount', message: `"${text}" could be ${parts[0]}${parts[1]} or ${parts[0]}.${parts[1]}: write ${parts[0]}${parts[1]} or ${parts[0]}${mark}${parts[1].slice(0, 2)}` };
    } else if (parts[1].length === 3 && digits === 0 && parts[0] !== '0') {
      thousands = mark;
      integer = text;
      fraction = '';
    } else {
      thousands = null;
      integer = parts[0];
      fraction = parts[1];
    }
  }
  if (thousands !== null) {
    const groups = integer.split(thousands);
    if (!/^\d{1,3}$/.test(groups[0]) || groups.slice(1).some((g) => !/^\d{3}$/.test(g))) return bad;
    integer = groups.join('');
  }
  if (!/^\d+$/.test(integer) || !/^\d*$/.test(fraction)) return bad;
  return fraction === '' ? integer : `${integer}.${fraction}`;
}
