// spec §9: "A number-to-Spanish-words helper supports up to 12 digits, with cents introduced by 'con'."
// Used on receipts and payment documents. Cents are written in words with no unit
// (1234.5 → 'mil doscientos treinta y cuatro con cincuenta'), so the caller adds the
// currency word that fits ('pesos', 'euros'). Zero cents add nothing.

const UNITS = [
  'cero', 'uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve',
  'diez', 'once', 'doce', 'trece', 'catorce', 'quince', 'dieciséis', 'diecisiete', 'dieciocho', 'diecinueve',
  'veinte', 'veintiuno', 'veintidós', 'veintitrés', 'veinticuatro', 'veinticinco', 'veintiséis', 'veintisiete',
  'veintiocho', 'veintinueve',
];
const TENS = ['', '', '', 'treinta', 'cuarenta', 'cincuenta', 'sesenta', 'setenta', 'ochenta', 'noventa'];
const HUNDREDS = [
  '', 'ciento', 'doscientos', 'trescientos', 'cuatrocientos', 'quinientos', 'seiscientos', 'setecientos',
  'ochocientos', 'novecientos',
];

/** Largest number accepted: twelve digits. */
export const SPANISH_WORDS_MAX = 999_999_999_999;

/** 'uno' shortens before a noun: 'un millón', 'veintiún mil', 'treinta y un millones'. */
function apocopate(words: string): string {
  if (words.endsWith('veintiuno')) return `${words.slice(0, -'veintiuno'.length)}veintiún`;
  if (words.endsWith('uno')) return words.slice(0, -1);
  return words;
}

/** Words for 1..999. */
function writeHundreds(n: number): string {
  if (n === 100) return 'cien';
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const parts: string[] = [];
  if (hundreds > 0) parts.push(HUNDREDS[hundreds]);
  if (rest > 0 && rest < 30) parts.push(UNITS[rest]);
  else if (rest >= 30) parts.push(rest % 10 === 0 ? TENS[rest / 10] : `${TENS[Math.floor(rest / 10)]} y ${UNITS[rest % 10]}`);
  return parts.join(' ');
}

/** Words for 1..999 999. */
function writeThousands(n: number): string {
  const thousands = Math.floor(n / 1000);
  const rest = n % 1000;
  const parts: string[] = [];
  if (thousands === 1) parts.push('mil');
  else if (thousands > 1) parts.push(`${apocopate(writeHundreds(thousands))} mil`);
  if (rest > 0) parts.push(writeHundreds(rest));
  return parts.join(' ');
}

/** Words for an integer 0..999 999 999 999 ('mil millones' is the long-scale 10⁹). */
function writeInteger(n: number): string {
  if (n === 0) return 'cero';
  const millions = Math.floor(n / 1_000_000);
  const rest = n % 1_000_000;
  const parts: string[] = [];
  if (millions === 1) parts.push('un millón');
  else if (millions > 1) parts.push(`${apocopate(writeThousands(millions))} millones`);
  if (rest > 0) parts.push(writeThousands(rest));
  return parts.join(' ');
}

/** Writes a non-negative amount in Spanish words, cents after 'con'; throws RangeError past 12 digits or below 0. */
export function numberToSpanishWords(amount: number): string {
  if (!Number.isFinite(amount) || amount < 0) throw new RangeError(`Cannot write ${amount} in words`);
  const totalCents = Math.round(amount * 100);
  const integer = Math.floor(totalCents / 100);
  const cents = totalCents % 100;
  if (integer > SPANISH_WORDS_MAX) throw new RangeError(`Cannot write more than 12 digits in words: ${amount}`);
  const words = writeInteger(integer);
  return cents > 0 ? `${words} con ${writeInteger(cents)}` : words;
}
