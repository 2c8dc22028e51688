import { type Expression, type ExpressionBuilder, sql, type SqlBool, SqliteAdapter } from 'kysely';
import type { Database } from '../../db/database';

/**
 * `column` (an ISO 8601 instant as text, possibly with an offset such as `-05:00`, as posts store an
 * author's expiration date) is later than `now` (an ISO instant). Compared as instants, not as text:
 * "08:00-05:00" is after "12:30Z". SQLite's julianday() and PostgreSQL's timestamptz both read offsets.
 */
export function isAfter(db: Database, column: string, now: string) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a filter for whichever query reads threads
  return (_eb: ExpressionBuilder<any, any>): Expression<SqlBool> =>
    db.getExecutor().adapter instanceof SqliteAdapter
      ? sql<SqlBool>`julianday(${sql.ref(column)}) > julianday(${now})`
      : sql<SqlBool>`cast(${sql.ref(column)} as timestamptz) > cast(${now} as timestamptz)`;
}
