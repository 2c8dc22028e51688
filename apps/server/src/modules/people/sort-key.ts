// people.sort_key (migration 010): surnames and first name folded to plain lowercase letters,
// "alvarez\tdiaz\tana", so that ORDER BY sort_key (byte order on both databases) puts "Álvarez" and
// "alonso" with the A's. A tab parts the names: it sorts before every letter and the space, so
// "De, Zoe" comes before "De la Hoz, Ana" as it would by surname alone.

/** Letters that Unicode does not decompose into a base letter and a mark. */
const LETTERS: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

/** "Núñez-Åberg O'Neil" → "nunez aberg oneil": lowercase, no marks, dashes and runs of spaces as one space. */
function foldName(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[ßæœøłđðþı]/gu, (c) => LETTERS[c])
    .replace(/[\p{Pd}\s]+/gu, ' ')
    .replace(/[^\p{L}\p{N} ]/gu, '')
    .trim();
}

/** The sort_key of a person: every write of names stores it (see its callers). */
export function sortKeyOf(person: { first_name: string; last_name: string; last_name2: string | null }): string {
  return [person.last_name, person.last_name2 ?? '', person.first_name].map(foldName).join('\t');
}

/** True when a change of these columns changes the sort_key. */
export function touchesSortKey(values: object): boolean {
  return ['first_name', 'last_name', 'last_name2'].some((column) => column in values);
}

/** Order of people rows in JavaScript, the same as ORDER BY sort_key, id. */
export function bySortKey(
  a: { id: number; first_name: string; last_name: string; last_name2: string | null },
  b: { id: number; first_name: string; last_name: string; last_name2: string | null },
): number {
  const ka = sortKeyOf(a);
  const kb = sortKeyOf(b);
  return ka < kb ? -1 : ka > kb ? 1 : a.id - b.id;
}
