// people.search_key (migration 004): the folded name parts and document, "first|last|last2|document",
// e.g. "jose maria|perez|nunez|79456123". SQLite's lower() folds only A–Z, so searching folds in
// JavaScript, once when writing and once for the typed words, the same way on both databases.

/** Between the parts of a search_key. */
export const SEPARATOR = '|';
/** The parts of a search_key, in order. */
export const PARTS = ['firstName', 'lastName', 'lastName2', 'document'] as const;

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
