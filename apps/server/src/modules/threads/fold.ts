// Text filters of the folder lists (q, subject) match without regard to case or accents: "numero"
// finds "Número". The database folds its columns with the same table (fold.sql.ts), so typed text
// and stored text meet in one form on SQLite and PostgreSQL alike.

/** Latin letters with diacritics, upper and lower case, and what each folds to (same positions). */
export const FOLD_FROM = 'àáâãäåçèéêëìíîïñòóôõöùúûüýÿÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝ';
export const FOLD_TO = 'aaaaaaceeeeiiiinooooouuuuyyaaaaaaceeeeiiiinooooouuuuy';

const folding = new Map([...FOLD_FROM].map((letter, i) => [letter, FOLD_TO[i]]));

/** Lowercase, with the letters of FOLD_FROM replaced: what the folded columns hold. */
export function foldSearchText(text: string): string {
  return [...text.normalize('NFC').toLowerCase()].map((letter) => folding.get(letter) ?? letter).join('');
}

/** The LIKE pattern (escape '!') of "folded column contains `text`". */
export function containsPattern(text: string): string {
  return `%${foldSearchText(text).replace(/[!%_]/g, '!$&')}%`;
}
