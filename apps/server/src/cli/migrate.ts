import { existsSync } from 'node:fs';
import type { AppConfig } from '../config';
import { type Database, openDatabase } from '../db/database';
import { DatabaseUnreachableError, knownMigrations, migrateToLatest, migrationStatus, NewerDatabaseError, newerDatabase } from '../db/migrate';
import { databaseDialectOf, describeDatabase, sqliteFileOf } from '../platform/backup/places';
import { toolConfig } from './tool-config';
import { commandLine, type Output } from './command-line';

export const usage = `Usage: npm run migrate [-- --check]

Brings the database the server uses (DATABASE_URL, or DATA_DIR/patio.sqlite) up to this version's
schema and names the migrations it ran, as the server does when it starts. Another process migrating
the same database at the same time is waited for.

  --check  change nothing: name the pending migrations.

Exit codes: 0 migrated, or (--check) nothing pending; 2 (--check) migrations pending; 1 the database
could not be reached, was migrated by a newer Patio, or a migration failed.`;

/** Exit code of `migrate --check` when migrations are pending (0 and 1 say "none" and "could not tell"). */
export const PENDING_EXIT_CODE = 2;

/** Runs the command; answers the process exit code (see usage). */
export async function runMigrate(argv: string[], env: Record<string, string | undefined>, io: Output): Promise<number> {
  const given = commandLine(argv, { check: { type: 'boolean' } }, usage, io);
  if ('exit' in given) return given.exit;
  const { values } = given;
  let config: AppConfig;
  try {
    config = toolConfig(env);
  } catch (err) {
    io.err((err as Error).message);
    return 1;
  }
  const where = describeDatabase(config);
  // Opening a SQLite file that is not there would create it: a check changes nothing.
  if (values.check && databaseDialectOf(config) === 'sqlite' && !existsSync(sqliteFileOf(config))) {
    io.out(`There is no ${where} yet: all ${knownMigrations().length} migrations are pending (the server creates and migrates it when it starts).`);
    return PENDING_EXIT_CODE;
  }
  let handle;
  try {
    handle = openDatabase(config);
  } catch (err) {
    io.err(`Cannot open the ${where}: ${(err as Error).message}`);
    return 1;
  }
  try {
    return values.check ? await check(handle.db, where, io) : await migrate(handle.db, where, io);
  } catch (err) {
    if (err instanceof DatabaseUnreachableError) io.err(`Cannot reach the ${where}: ${err.reason}. Check DATABASE_URL (or DATA_DIR) and that the database is running.`);
    else if (err instanceof NewerDatabaseError) io.err(err.message);
    else io.err(`Migrating the ${where} failed: ${(err as Error).message}`);
    return 1;
  } finally {
    await handle.db.destroy();
  }
}

async function check(db: Database, where: string, io: Output): Promise<number> {
  const status = await migrationStatus(db);
  if (status.unknown.length > 0) {
    io.err(newerDatabase(status.unknown).message);
    return 1;
  }
  if (status.pending.length > 0) {
    io.out(`${status.pending.length} migrations are pending on the ${where}: ${status.pending.join(', ')}. Run npm run migrate (or start the server) to apply them.`);
    return PENDING_EXIT_CODE;
  }
  io.out(`The ${where} is up to date (migration ${status.applied.at(-1)}).`);
  return 0;
}

async function migrate(db: Database, where: string, io: Output): Promise<number> {
  const ran = await migrateToLatest(db, { onWait: () => io.out('Another process is migrating the database; waiting for it to finish…') });
  if (ran.length > 0) io.out(`Applied ${ran.length} migrations to the ${where}: ${ran.join(', ')}.`);
  else io.out(`Nothing to migrate: the ${where} is up to date (migration ${knownMigrations().at(-1)}).`);
  return 0;
}
