import { relationshipKinds, type RelationshipKind } from '../people/index';
import { normalizeHeader } from './import.text';

// What people type into a class list, read into the values Patio stores: genders, relationship
// kinds, dates and phone numbers as a secretary writes them, in the six interface languages.

export type Gender = 'female' | 'male';

const femaleWords = ['f', 'female', 'woman', 'girl', 'femenino', 'femenina', 'fem', 'mujer', 'nina', 'weiblich', 'w', 'feminin', 'feminine', 'fille', 'femmina', 'feminino', 'menina'];
const maleWords = ['m', 'male', 'man', 'boy', 'masculino', 'masc', 'hombre', 'h', 'nino', 'varon', 'mannlich', 'maennlich', 'masculin', 'garcon', 'maschio', 'menino'];

/** female or male from F/M, Femenino/Masculino, Mujer/Hombre, Niña/Niño, Female/Male…; null when empty. */
export function parseGender(text: string): Gender | null | 'invalid' {
  const word = normalizeHeader(text);
  if (word === '') return null;
  if (femaleWords.includes(word)) return 'female';
  if (maleWords.includes(word)) return 'male';
  return 'invalid';
}

// Words for the kinds of spec §3 (normalised: lowercase, no accents, no spaces).
const kindWords: Record<string, RelationshipKind> = {
  // es
  padre: 'father', papa: 'father', papi: 'father', madre: 'mother', mama: 'mother', mami: 'mother', hijo: 'son', hija: 'daughter',
  hermano: 'brother', hermana: 'sister', abuelo: 'grandfather', abuela: 'grandmother', nieto: 'grandson', nieta: 'granddaughter',
  tio: 'uncle', tia: 'aunt', sobrino: 'nephew', sobrina: 'niece', primo: 'cousin', prima: 'cousin', padrastro: 'stepfather',
  madrastra: 'stepmother', hijastro: 'stepson', hijastra: 'stepdaughter', acudiente: 'guardian', tutor: 'guardian', tutora: 'guardian',
  representante: 'representative', responsable: 'responsible',
  // en
  mom: 'mother', mum: 'mother', dad: 'father', grandma: 'grandmother', grandpa: 'grandfather', grandparent: 'grandmother', stepmom: 'stepmother', stepdad: 'stepfather',
  // de
  vater: 'father', mutter: 'mother', grossmutter: 'grandmother', oma: 'grandmother', grossvater: 'grandfather', opa: 'grandfather',
  tante: 'aunt', onkel: 'uncle', bruder: 'brother', schwester: 'sister', vormund: 'guardian',
  // fr
  pere: 'father', mere: 'mother', grandmere: 'grandmother', grandpere: 'grandfather', oncle: 'uncle', frere: 'brother', soeur: 'sister', tuteur: 'guardian', tutrice: 'guardian',
  // it
  nonna: 'grandmother', nonno: 'grandfather', zia: 'aunt', zio: 'uncle', fratello: 'brother', sorella: 'sister', tutore: 'guardian',
  // pt
  pai: 'father', mae: 'mother', irmao: 'brother', irma: 'sister',
};

/** A relationship kind from a cell ("Madre", "Mamá", "Abuela materna", "mother"), or null when unknown. */
export function parseKind(text: string): RelationshipKind | null {
  const words = normalizeHeader(text).split(' ').filter(Boolean);
  for (const candidate of [words.join(''), words[0] ?? '']) {
    if ((relationshipKinds as readonly string[]).includes(candidate)) return candidate as RelationshipKind;
    if (kindWords[candidate]) return kindWords[candidate];
  }
  return null;
}

const monthNumbers: Record<string, number> = {};
const monthNames: string[][] = [
  ['enero', 'ene', 'january', 'jan', 'januar', 'janvier', 'janv', 'gennaio', 'gen', 'janeiro'],
  ['febrero', 'feb', 'february', 'februar', 'fevrier', 'fev', 'febbraio', 'fevereiro'],
  ['marzo', 'mar', 'march', 'marz', 'maerz', 'mars', 'marco'],
  ['abril', 'abr', 'april', 'apr', 'avril', 'avr', 'aprile'],
  ['mayo', 'may', 'mai', 'maggio', 'mag', 'maio'],
  ['junio', 'jun', 'june', 'juni', 'juin', 'giugno', 'giu', 'junho'],
  ['julio', 'jul', 'july', 'juli', 'juillet', 'juil', 'luglio', 'lug', 'julho'],
  ['agosto', 'ago', 'august', 'aug', 'aout'],
  ['septiembre', 'setiembre', 'sep', 'sept', 'set', 'september', 'septembre', 'settembre', 'setembro'],
  ['octubre', 'oct', 'october', 'oktober', 'okt', 'octobre', 'ottobre', 'ott', 'outubro', 'out'],
  ['noviembre', 'nov', 'november', 'novembre', 'novembro'],
  ['diciembre', 'dic', 'december', 'dec', 'dezember', 'dez', 'decembre', 'dicembre', 'dezembro'],
];
monthNames.forEach((names, index) => names.forEach((name) => (monthNumbers[name] = index + 1)));

/** Days between Excel's day 0 (1899-12-30) and 1970-01-01. */
const EXCEL_EPOCH_DAYS = 25569;

function twoDigitYear(yy: number): number {
  const thisYear = new Date().getUTCFullYear() % 100;
  return yy <= thisYear ? 2000 + yy : 1900 + yy;
}

function readDateParts(text: string): [number, number, number] | null {
  let match = text.match(/^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T ].*)?$/);
  if (match) return [Number(match[1]), Number(match[2]), Number(match[3])];
  // Day first, as Colombia and most of the world write it: 14/03/2015, 3/4/15, 14-03-2015, 14.03.2015.
  if ((match = text.match(/^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})$/))) {
    const year = match[3].length === 2 ? twoDigitYear(Number(match[3])) : Number(match[3]);
    return [year, Number(match[2]), Number(match[1])];
  }
  // A date cell that reached a CSV or a text column as its serial number (days since 1899-12-30).
  if ((match = text.match(/^(\d{5})(?:\.0+)?$/))) {
    const date = new Date((Number(match[1]) - EXCEL_EPOCH_DAYS) * 86_400_000);
    return [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
  }
  // "14 de marzo de 2015", "14 mar 2015", "14-mar-15", "March 14, 2015".
  const words = normalizeHeader(text).replace(/\b(de|del|of|the)\b/g, ' ').split(' ').filter(Boolean);
  if (words.length !== 3) return null;
  const [a, b, c] = words;
  const year = (word: string) => (/^\d{4}$/.test(word) ? Number(word) : /^\d{2}$/.test(word) ? twoDigitYear(Number(word)) : NaN);
  if (/^\d{1,2}$/.test(a) && monthNumbers[b]) return [year(c), monthNumbers[b], Number(a)];
  if (monthNumbers[a] && /^\d{1,2}$/.test(b)) return [year(c), monthNumbers[a], Number(b)];
  return null;
}

/**
 * A date from a date cell (already YYYY-MM-DD), a serial number, or text in dd/mm/yyyy, d/m/yy,
 * yyyy-mm-dd or "14 de marzo de 2015" → YYYY-MM-DD; 'invalid' when it is no real date.
 */
export function parseDate(text: string): string | null | 'invalid' {
  if (text === '') return null;
  const parts = readDateParts(text.trim());
  if (!parts) return 'invalid';
  const [y, m, d] = parts;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (Number.isNaN(date.getTime()) || date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d || y < 1900) {
    return 'invalid';
  }
  return date.toISOString().slice(0, 10);
}

/**
 * A phone number written with spaces, dashes, dots, parentheses and an optional +country code
 * ("(300) 123-4567", "+57 310 555 1234") → its digits, with the + kept: "3001234567",
 * "+573105551234". 'invalid' for letters, two numbers in one cell, or fewer than 7 or more than 15 digits.
 */
export function parsePhone(text: string): string | null | 'invalid' {
  // A leading apostrophe is how a spreadsheet (and our own bad-rows CSV) keeps "+57…" from being a formula.
  const phone = text.replace(/^'/, '').trim();
  if (phone === '') return null;
  if (!/^\+?[\d\s().-]+$/.test(phone)) return 'invalid';
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 7 || digits.length > 15) return 'invalid';
  return phone.startsWith('+') ? `+${digits}` : digits;
}

/** A document that a spreadsheet turned into scientific notation ("1,02346E+09"): its digits are gone. */
export function isScientificNotation(document: string): boolean {
  return /^\d+(?:[.,]\d+)?e\+?\d+$/i.test(document);
}
