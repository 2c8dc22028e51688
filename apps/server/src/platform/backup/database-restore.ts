import { stat } from 'node:fs/promises';
import SQLite from 'better-sqlite3';
import { openDatabase } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import { connectPostgres } from './database-snapshot';
import { BackupError } from './manifest';
import { describeDatabase } from './places';
import { libpqConnection, type PgTool, runPgTool, withoutPassword } from './postgres-tools';
import { countRestoredRows, type RestoredRows, useSingleFile } from './restored.queries';

// The database half of a restore: only ever into an empty database, so that a restore can neither
// mix two schools' histories nor overwrite one by mistake.

const RELATIONS = `
  select count(*)::int as n from pg_catalog.pg_class c join pg_catalog.pg_namespace s on s.oid = c.relnamespace
  where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
    and s.nspname not in ('pg_catalog', 'information_schema') and s.nspname not like 'pg\\_toast%' and s.nspname not like 'pg\\_temp%'`;

/** Throws BackupError unless the PostgreSQL database at `url` holds no table, view or sequence. */
export async function assertEmptyPostgres(url: string): Promise<void> {
  const client = await connectPostgres(url);
  try {
    const n = (await client.query<{ n: number }>(RELATIONS)).rows[0].n;
    if (n > 0) {
      throw new BackupError(
        `The PostgreSQL database ${withoutPassword(url)} is not empty (it has ${n} tables, views or sequences): restore only into an empty ` +
          'database. Create a new one (createdb -O OWNER NAME) and point DATABASE_URL at it',
      );
    }
  } finally {
    await client.end().catch(() => {});
  }
}

/** Throws BackupError unless `file` is missing, empty, or a SQLite database without tables. */
export async function assertEmptySqlite(file: string): Promise<void> {
  const info = await stat(file).catch(() => null);
  if (!info || info.size === 0) return;
  let tables = 1;
  try {
    const db = new SQLite(file, { readonly: true, fileMustExist: true });
    try {
      tables = (db.prepare("select count(*) as n from sqlite_master where type in ('table', 'view')").get() as { n: number }).n;
    } finally {
      db.close();
    }
  } catch {
    // Not a database at all: not ours to overwrite either.
  }
  if (tables > 0) throw new BackupError(`The SQLite database ${file} is not empty: restore only into an empty DATA_DIR, or point DATABASE_URL=file:… at a new file`);
}

/** pg_restore of a pg_dump -Fc file in one transaction: on any error nothing of it stays. Owners and grants become the restoring user's. */
export async function restorePostgres(url: string, dump: string, tool: PgTool): Promise<void> {
  const { dbname, env } = libpqConnection(url);
  await runPgTool(tool, ['--exit-on-error', '--single-transaction', '--no-owner', '--no-privileges', '--no-password', `--dbname=${dbname}`, dump], env);
}

/** Brings a restored database up to this version's schema; answers the migrations run. */
export async function migrateRestored(config: { dataDir: string; databaseUrl?: string }): Promise<string[]> {
  const { db, dialect } = openDatabase(config);
  try {
    const migrated = await migrateToLatest(db);
    // A SQLite copy is renamed into place after this: one file, without a -wal beside it.
    if (dialect === 'sqlite') await useSingleFile(db);
    return migrated;
  } catch (err) {
    throw new BackupError(`Migrating the restored ${describeDatabase(config)} failed: ${(err as Error).message}`);
  } finally {
    await db.destroy();
  }
}

export type { RestoredRows };

/** How many schools, people, posts and file rows the restored database holds (for the report). */
export async function countRows(config: { dataDir: string; databaseUrl?: string }): Promise<RestoredRows> {
  const { db } = openDatabase(config);
  try {
    return await countRestoredRows(db);
  } finally {
    await db.destroy();
  }
}
