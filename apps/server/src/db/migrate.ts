import { Migrator, SqliteAdapter, sql } from 'kysely';
import type { Database } from './database';
import { migrations } from './migrations/index';
import type { MigrationDb } from './migrations/schema-helpers';

/** Where Kysely's Migrator records the migrations a database has run. */
const MIGRATION_TABLE = 'kysely_migration';

/** How long a process waits for another one's migrations by default: longer than any backfill takes. */
const DEFAULT_LOCK_WAIT_MS = 30 * 60_000;

/** The database was migrated by a newer Patio: this build must not run on it (nor migrate it). */
export class NewerDatabaseError extends Error {}

/** The first query failed before reaching any table: the server, the file or the credentials are wrong. */
export class DatabaseUnreachableError extends Error {
  constructor(
    /** What the driver said, on one line. */
    readonly reason: string,
    options?: ErrorOptions,
  ) {
    super(`Cannot reach the database: ${reason}. Check DATABASE_URL (or DATA_DIR) and that the database is running`, options);
  }
}

export interface MigrationStatus {
  /** Migrations of this build the database has run, in order. */
  applied: string[];
  /** Migrations of this build the database has not run yet, in order. */
  pending: string[];
  /** Migrations the database has run that this build does not know (a newer Patio ran them). */
  unknown: string[];
}

export interface MigrateOptions {
  /** SQLite: how long to wait for another process migrating the same database (default 30 minutes; PostgreSQL waits up to Kysely's lock_timeout, an hour). */
  lockWaitMs?: number;
  /** Called once when another process holds the migration lock (SQLite tells; PostgreSQL just waits). */
  onWait?: () => void;
}

/** Every migration this build knows, in the order they run. */
export const knownMigrations = (): string[] => Object.keys(migrations).sort();

const migratorOf = (db: Database) =>
  // Issue 3's 002 and 003 were written in parallel and touch different tables: a database that ran 003
  // first (a development copy) still gets 002, instead of refusing to start.
  new Migrator({ db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true });

/**
 * The names a database has recorded as run, in order; [] for one that never migrated. Throws
 * DatabaseUnreachableError when the database cannot be reached at all.
 */
/** (Any schema level, Kysely's own tables included.) */
export async function executedMigrations(db: MigrationDb): Promise<string[]> {
  let tables;
  try {
    tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  } catch (err) {
    throw new DatabaseUnreachableError(oneLine(err), { cause: err });
  }
  if (!tables.some((table) => table.name === MIGRATION_TABLE)) return [];
  const rows = await db.selectFrom(MIGRATION_TABLE).select('name').orderBy('name').execute();
  return rows.map((row) => row.name);
}

/** What has run and what is pending, changing nothing (`npm run migrate -- --check`). */
export async function migrationStatus(db: Database): Promise<MigrationStatus> {
  const executed = new Set(await executedMigrations(db));
  const known = knownMigrations();
  return {
    applied: known.filter((name) => executed.has(name)),
    pending: known.filter((name) => !executed.has(name)),
    unknown: [...executed].filter((name) => !(name in migrations)).sort(),
  };
}

/**
 * Brings the schema up to date; answers the migrations it ran. Safe on every start and from several
 * processes at once: one migrates while the others wait for it, then find nothing left to do.
 * PostgreSQL: Kysely's Migrator takes a session advisory lock on its own connection (and runs the
 * migrations in one transaction). SQLite: Kysely takes no lock, so one IMMEDIATE transaction holds the
 * database's write lock throughout; a second process polls for it instead of failing after
 * busy_timeout, and a failure leaves no half-migrated schema.
 */
export async function migrateToLatest(db: Database, options: MigrateOptions = {}): Promise<string[]> {
  const unknown = (await migrationStatus(db)).unknown;
  if (unknown.length > 0) throw newerDatabase(unknown);
  const migrator = migratorOf(db);
  const isSqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  if (isSqlite) await beginImmediate(db, options);
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

export function newerDatabase(unknown: string[]): NewerDatabaseError {
  return new NewerDatabaseError(
    `The database was migrated by a newer Patio (migrations this version does not know: ${unknown.join(', ')}). ` +
      'Run that newer version, or restore a backup made before the upgrade.',
  );
}

/**
 * BEGIN IMMEDIATE, retried while another connection holds the write lock. busy_timeout is off
 * meanwhile: better-sqlite3 would otherwise block the whole thread in SQLite's busy handler and fail
 * after 5 s, which a long migration of another process outlasts.
 */
async function beginImmediate(db: Database, options: MigrateOptions): Promise<void> {
  const deadline = Date.now() + (options.lockWaitMs ?? DEFAULT_LOCK_WAIT_MS);
  const previous = Object.values((await sql<Record<string, number>>`pragma busy_timeout`.execute(db)).rows[0] ?? {})[0] ?? 5000;
  await sql.raw('pragma busy_timeout = 0').execute(db);
  try {
    for (let waited = false; ; ) {
      try {
        await sql`begin immediate`.execute(db);
        return;
      } catch (err) {
        if ((err as { code?: string }).code !== 'SQLITE_BUSY') throw err;
        if (Date.now() >= deadline) throw new Error('Another process kept the database locked while it migrated; gave up waiting for it', { cause: err });
        if (!waited) options.onWait?.();
        waited = true;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  } finally {
    await sql.raw(`pragma busy_timeout = ${Number(previous)}`).execute(db);
  }
}

/** An error's message on one line (a driver's message may span several). */
function oneLine(err: unknown): string {
  const e = err as { message?: string; code?: string };
  const message = (e.message || e.code || String(err)).replace(/\s+/g, ' ').trim();
  return e.code && !message.includes(e.code) ? `${message} (${e.code})` : message;
}
