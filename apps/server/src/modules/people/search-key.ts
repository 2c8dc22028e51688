import { type RawBuilder, type SqlBool, sql } from 'kysely';

// people.search_key (migration 004): the folded name parts and document, "first|last|last2|document",
// e.g. "jose maria|perez|nunez|79456123". SQLite's lower() folds only A–Z, so searching folds in
// JavaScript, once when writing and once for the typed words, the same way on both databases.

const SEPARATOR = '|';
const PARTS = ['firstName', 'lastName', 'lastName2', 'document'] as const;

export type SearchKeyPart = (typeof PARTS)[number];

/** Lowercase without diacritics ("Pérez" → "perez", "ÑANDÚ" → "nandu"); never contains the separator. */
export function foldText(text: string): string {
  return text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replaceAll(SEPARATOR, ' ');
}

/** The search_key of a person: every write of names or documents stores it (see its callers). */
export function searchKeyOf(person: {
  first_name: string;
  last_name: string;
  last_name2: string | null;
  document: string | null;
}): string {
  return [person.first_name, person.last_name, person.last_name2 ?? '', person.document ?? ''].map(foldText).join(SEPARATOR);
}

/** True when a change of these columns changes the search_key. */
export function touchesSearchKey(values: object): boolean {
  return ['first_name', 'last_name', 'last_name2', 'document'].some((column) => column in values);
}

/** The typed text folded and with its LIKE wildcards escaped (escape '!'). */
const likeText = (text: string) => foldText(text).replace(/[!%_]/g, '!$&');

const like = (pattern: string) => sql<SqlBool>`${sql.ref('people.search_key')} like ${pattern} escape '!'`;

/**
 * `text` (folded here) equals, starts or is contained in one part of the search_key. A part is told
 * apart by the separators around it (the key always has three, the text none): "contains perez in
 * the last name" is one separator before and two after, `%|%perez%|%|%`.
 */
export function searchKeyMatches(part: SearchKeyPart, match: 'equals' | 'startsWith' | 'contains', text: string): RawBuilder<SqlBool> {
  const word = likeText(text);
  const core = match === 'equals' ? word : match === 'startsWith' ? `${word}%` : `%${word}%`;
  const index = PARTS.indexOf(part);
  return like(`%${SEPARATOR}`.repeat(index) + core + `${SEPARATOR}%`.repeat(PARTS.length - 1 - index));
}

/** `text` (folded here) is contained in a name part, or anywhere including the document. */
export function searchKeyContains(scope: 'names' | 'any', text: string): RawBuilder<SqlBool> {
  const word = likeText(text);
  // Followed by a separator: in a name, not in the document (the last part).
  return like(scope === 'names' ? `%${word}%${SEPARATOR}%` : `%${word}%`);
}
