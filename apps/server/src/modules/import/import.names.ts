import type { ImportNameOrder } from '@patio/core';
import { normalizeHeader } from './import.text';

// Names as class lists write them: "Apellidos" holding both surnames ("Pérez Gómez"), or one column
// with the whole name ("Ana María Pérez Gómez", "PÉREZ GÓMEZ ANA MARÍA", "Pérez Gómez, Ana María").
// Compound surnames stay whole: the particles of "De la Torre", "Van der Berg" or "Da Silva" belong
// to the word after them, and "Ortega y Gasset" is one surname.

const particles = new Set(['de', 'del', 'la', 'las', 'los', 'da', 'das', 'do', 'dos', 'di', 'du', 'van', 'von', 'der', 'den', 'ten', 'ter', 'le', 'lo', 'san', 'santa', 'st', 'mac']);
const joiners = new Set(['y', 'e', 'i']);

/** The words of a name grouped into units: "Ana De la Torre Van der Berg" → Ana | De la Torre | Van der Berg. */
export function nameUnits(text: string): string[] {
  const units: string[] = [];
  let pending: string[] = [];
  let joiner: string | null = null;
  for (const word of text.trim().split(/\s+/).filter(Boolean)) {
    const key = normalizeHeader(word);
    if (particles.has(key)) {
      pending.push(word);
      continue;
    }
    if (joiners.has(key) && units.length > 0 && pending.length === 0 && joiner === null) {
      joiner = word;
      continue;
    }
    const unit = [...pending, word].join(' ');
    pending = [];
    if (joiner !== null) units[units.length - 1] += ` ${joiner} ${unit}`;
    else units.push(unit);
    joiner = null;
  }
  const rest = [...(joiner !== null ? [joiner] : []), ...pending].join(' ');
  if (rest) {
    if (units.length > 0) units[units.length - 1] += ` ${rest}`;
    else units.push(rest);
  }
  return units;
}

/** "Pérez Gómez" → ["Pérez", "Gómez"]; "De la Torre" → ["De la Torre", null]; a third unit stays with the second. */
export function splitSurnames(text: string): [string, string | null] {
  const units = nameUnits(text);
  if (units.length <= 1) return [text.trim(), null];
  return [units[0], units.slice(1).join(' ')];
}

export interface SplitName {
  firstName: string;
  lastName: string;
  lastName2: string | null;
}

/**
 * A whole name → names and surnames. Text before a comma is the surnames ("Pérez Gómez, Ana María").
 * Otherwise, given names first: the last two units are the surnames (one when there are only two
 * units); surnames first: the first two units (one when there are only two).
 */
export function splitFullName(text: string, order: ImportNameOrder): SplitName {
  const comma = text.indexOf(',');
  if (comma !== -1) {
    const [lastName, lastName2] = splitSurnames(text.slice(0, comma));
    return { firstName: text.slice(comma + 1).trim(), lastName, lastName2 };
  }
  const units = nameUnits(text);
  if (units.length <= 1) return order === 'given-first' ? { firstName: text.trim(), lastName: '', lastName2: null } : { firstName: '', lastName: text.trim(), lastName2: null };
  const surnameCount = units.length === 2 ? 1 : 2;
  const surnames = order === 'given-first' ? units.slice(-surnameCount) : units.slice(0, surnameCount);
  const given = order === 'given-first' ? units.slice(0, -surnameCount) : units.slice(surnameCount);
  return { firstName: given.join(' '), lastName: surnames[0], lastName2: surnames[1] ?? null };
}

/**
 * How a full-name column is written, from its header ("Apellidos y nombres" → surnames first) and
 * its cells (most with a comma: "Pérez, Ana" → surnames first).
 */
export function guessNameOrder(header: string, cells: string[]): ImportNameOrder {
  const words = normalizeHeader(header).split(' ');
  const surnameAt = words.findIndex((w) => /^(apellidos?|surnames?|last|family|nachnamen?|noms?|cognomi?|apelidos?)$/.test(w));
  const nameAt = words.findIndex((w) => /^(nombres?|names?|first|given|vornamen?|prenoms?|nomi|nomes?)$/.test(w));
  if (surnameAt !== -1 && nameAt !== -1) return surnameAt < nameAt ? 'family-first' : 'given-first';
  const filled = cells.filter((cell) => cell.trim() !== '');
  const withComma = filled.filter((cell) => cell.includes(',')).length;
  return filled.length > 0 && withComma * 2 >= filled.length ? 'family-first' : 'given-first';
}
