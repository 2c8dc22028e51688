import { Migrator, SqliteAdapter, sql } from 'kysely';
import type { Database } from './database';
import { migrations } from './migrations/index';

/** Brings the schema up to date; safe to run on every start and from several processes at once. */
export async function migrateToLatest(db: Database): Promise<string[]> {
  // Issue 3's 002 and 003 were written in parallel and touch different tables: a database that ran 003
  // first (a development copy) still gets 002, instead of refusing to start.
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true });
  const isSqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  // PostgreSQL: the Migrator takes an advisory lock and a transaction itself. SQLite: Kysely does
  // neither, so one IMMEDIATE transaction makes a second process wait, and a failure leaves no half.
  if (isSqlite) await sql`begin immediate`.execute(db);
  let result;
  try {
    result = await migrator.migrateToLatest();
  } catch (err) {
    if (isSqlite) await sql`rollback`.execute(db);
    throw err;
  }
  if (isSqlite) await sql.raw(result.error ? 'rollback' : 'commit').execute(db);
  if (result.error) throw result.error instanceof Error ? result.error : new Error(String(result.error));
  return (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
