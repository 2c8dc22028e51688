import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { foldText, PARTS, type SearchKeyPart, SEPARATOR } from './search-key';

// Matching typed text against people.search_key (search-key.ts) in SQL, with LIKE.

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

/** The LIKE pattern of `searchKeyContains`, for queries compiled once that take it as a value. */
export function containsPattern(scope: 'names' | 'any', text: string): string {
  const word = likeText(text);
  // Followed by a separator: in a name, not in the document (the last part).
  return scope === 'names' ? `%${word}%${SEPARATOR}%` : `%${word}%`;
}

/** `text` (folded here) is contained in a name part, or anywhere including the document. */
export function searchKeyContains(scope: 'names' | 'any', text: string): RawBuilder<SqlBool> {
  return like(containsPattern(scope, text));
}
