import { type RawBuilder, sql, type SqlBool, SqliteAdapter } from 'kysely';
import type { Database } from '../../db/database';
import { FOLD_FROM, FOLD_TO } from './fold';

/**
 * `column` lowercased with the letters of FOLD_FROM replaced (fold.ts): "Circular Número 3" →
 * "circular numero 3". SQLite's lower() folds A–Z only and PostgreSQL's depends on the database's
 * locale, so both map the accented letters of either case explicitly: PostgreSQL with translate(),
 * SQLite (which has none) letter by letter.
 */
export function foldedColumn(db: Database, column: string): RawBuilder<string> {
  const lowered = sql<string>`lower(${sql.ref(column)})`;
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return sql<string>`translate(${lowered}, ${sql.lit(FOLD_FROM)}, ${sql.lit(FOLD_TO)})`;
  let folded: RawBuilder<string> = lowered;
  for (let i = 0; i < FOLD_FROM.length; i++) folded = sql<string>`replace(${folded}, ${sql.lit(FOLD_FROM[i])}, ${sql.lit(FOLD_TO[i])})`;
  return folded;
}

/** `column`, folded, matches `pattern` (containsPattern of fold.ts). */
export function foldedContains(db: Database, column: string, pattern: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`${foldedColumn(db, column)} like ${pattern} escape '!'`;
}
