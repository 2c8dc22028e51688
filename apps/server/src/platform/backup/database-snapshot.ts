import SQLite from 'better-sqlite3';
import pg from 'pg';
import { BackupError } from './manifest';
import { findPgTool, libpqConnection, runPgTool, withoutPassword } from './postgres-tools';

// One consistent copy of the database while the server keeps writing to it, and what restore and the
// file copy need to know of that copy: its schema level and the storage keys its file rows name.

export interface DatabaseSnapshot {
  /** Taken before the snapshot: every write committed before it is in the copy. */
  createdAt: string;
  migrations: string[];
  /** Every storage key a row of `files` names (originals and renditions). */
  fileKeys: Set<string>;
  postgresVersion?: string;
  pgDumpVersion?: string;
}

/** SQLite copies the rest of the file in one step after the first: that step reads one consistent snapshot. */
const ALL_PAGES = 0x7fffffff;

const FILE_KEYS = 'select storage_key, thumbnail_key, preview_key, large_key from files';

/**
 * SQLite's online backup of `file` into `dest`. A write by the server between two steps restarts the
 * copy, so the whole file is copied in one step, under one read transaction (WAL: writers go on). The
 * copy is then turned into a single file (journal_mode DELETE) so that it is complete by itself.
 */
export async function snapshotSqlite(file: string, dest: string): Promise<DatabaseSnapshot> {
  let source: SQLite.Database;
  try {
    source = new SQLite(file, { fileMustExist: true });
  } catch (err) {
    throw new BackupError(`There is no SQLite database at ${file} to back up (${(err as Error).message}): check DATA_DIR and DATABASE_URL`);
  }
  const createdAt = new Date().toISOString();
  try {
    source.pragma('busy_timeout = 5000');
    await source.backup(dest, { progress: () => ALL_PAGES });
  } catch (err) {
    throw new BackupError(`Could not copy the SQLite database ${file}: ${(err as Error).message}`);
  } finally {
    source.close();
  }
  const copy = new SQLite(dest);
  try {
    copy.pragma('journal_mode = DELETE');
    const has = (table: string) => copy.prepare("select 1 from sqlite_master where type = 'table' and name = ?").get(table) !== undefined;
    const migrations = has('kysely_migration') ? (copy.prepare('select name from kysely_migration order by name').pluck().all() as string[]) : [];
    const fileKeys = has('files') ? keysOf(copy.prepare(FILE_KEYS).all() as FileKeyRow[]) : new Set<string>();
    return { createdAt, migrations, fileKeys };
  } finally {
    copy.close();
  }
}

/**
 * pg_dump -Fc of the database at `url` into `dest`. The dump and the queries here share one exported
 * snapshot (a REPEATABLE READ transaction held open until pg_dump ends), so the schema level and file
 * keys read are exactly those of the dump.
 */
export async function snapshotPostgres(url: string, dest: string, env: Record<string, string | undefined>): Promise<DatabaseSnapshot> {
  const client = await connectPostgres(url);
  try {
    const version = (await client.query<{ server_version: string }>('show server_version')).rows[0].server_version.split(' ')[0];
    const major = Math.floor(Number((await client.query<{ server_version_num: string }>('show server_version_num')).rows[0].server_version_num) / 10_000);
    const tool = await findPgTool('pg_dump', major, env);
    const createdAt = new Date().toISOString();
    await client.query('begin isolation level repeatable read read only');
    const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0].id;
    const has = async (table: string) => (await client.query<{ found: boolean }>('select to_regclass($1) is not null as found', [table])).rows[0].found;
    const migrations = (await has('kysely_migration')) ? (await client.query<{ name: string }>('select name from kysely_migration order by name')).rows.map((r) => r.name) : [];
    const fileKeys = (await has('files')) ? keysOf((await client.query<FileKeyRow>(FILE_KEYS)).rows) : new Set<string>();
    const { dbname, env: pgEnv } = libpqConnection(url);
    await runPgTool(tool, ['--format=custom', `--snapshot=${snapshot}`, '--no-password', `--file=${dest}`, `--dbname=${dbname}`], pgEnv);
    await client.query('commit');
    return { createdAt, migrations, fileKeys, postgresVersion: version, pgDumpVersion: tool.version };
  } finally {
    await client.end().catch(() => {});
  }
}

/** A connection of its own to `url`; BackupError, naming the database without its password, when there is none. */
export async function connectPostgres(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 15_000 });
  // A connection the server drops later is an 'error' event; the query in flight fails on its own.
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (err) {
    const e = err as { message?: string; code?: string };
    throw new BackupError(`Cannot reach the database ${withoutPassword(url)}: ${e.message || e.code || String(err)}. Check DATABASE_URL and that PostgreSQL is running`);
  }
  return client;
}

interface FileKeyRow {
  storage_key: string;
  thumbnail_key: string | null;
  preview_key: string | null;
  large_key: string | null;
}

function keysOf(rows: FileKeyRow[]): Set<string> {
  const keys = new Set<string>();
  for (const row of rows) for (const key of [row.storage_key, row.thumbnail_key, row.preview_key, row.large_key]) if (key) keys.add(key);
  return keys;
}
