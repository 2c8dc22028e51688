import { chmod, copyFile, mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppConfig } from '../../config';
import { knownMigrations } from '../../db/migrate';
import { assertEmptyPostgres, assertEmptySqlite, countRows, migrateRestored, type RestoredRows, restorePostgres } from './database-restore';
import { checksumOf, copyWithChecksum, forEachAtOnce } from './file-tree';
import { type BackupEntry, BackupError, type BackupManifest, patioVersion, readManifest } from './manifest';
import { databaseDialectOf, sqliteFileOf } from './places';
import { findPgTool } from './postgres-tools';

// `npm run restore -- --from DIR` (docs/operations.md "Restoring"): into an empty DATA_DIR and an empty
// database only. Everything that could refuse the backup is checked before the first write (the
// manifest, the schema level, the target, every checksum); then the files are staged inside DATA_DIR
// and renamed into place, and the database, restored in one transaction (or renamed into place), comes
// last, so a failure leaves the target as empty as it was. An older backup is migrated to this version.

export interface RestoreOptions {
  config: AppConfig;
  /** An absolute path to the backup folder. */
  dir: string;
  /** For PG_BIN_DIR and PATH (pg_restore). */
  env: Record<string, string | undefined>;
}

export interface RestoreReport {
  manifest: BackupManifest;
  /** The migrations run on the restored database (an older backup), in order. */
  migrated: string[];
  rows: RestoredRows;
  /** Stored files put into DATA_DIR/files. */
  files: { count: number; bytes: number };
  keys: string[];
}

const CHECKS_AT_ONCE = 4;

export async function restoreBackup({ config, dir, env }: RestoreOptions): Promise<RestoreReport> {
  const manifest = await readManifest(dir);
  const dialect = databaseDialectOf(config);
  if (manifest.dialect !== dialect) throw new BackupError(dialectMismatch(manifest));
  const known = new Set(knownMigrations());
  const unknown = manifest.migrations.filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new BackupError(
      `This backup comes from a newer Patio (${manifest.patioVersion}): its database has migrations Patio ${patioVersion} does not know ` +
        `(${unknown.join(', ')}). Restore it with Patio ${manifest.patioVersion} or newer`,
    );
  }
  assertStorageFits(manifest, config);
  await assertEmptyDataDir(config.dataDir);
  if (dialect === 'postgres') await assertEmptyPostgres(config.databaseUrl!);
  else await assertEmptySqlite(sqliteFileOf(config));
  const pgRestore = dialect === 'postgres' ? await findPgTool('pg_restore', majorOf(manifest.database.pgDumpVersion), env) : null;
  await verifyEntries(dir, manifest);

  const staging = await mkdtemp(join(config.dataDir, '.restore-'));
  const sqliteCopy = dialect === 'sqlite' ? `${sqliteFileOf(config)}.restoring-${process.pid}` : null;
  const placed: string[] = [];
  let migrated: string[] = [];
  try {
    await copyEntries(dir, manifest, 'files', join(staging, 'files'));
    await copyEntries(dir, manifest, 'keys', join(staging, 'keys'));
    if (sqliteCopy) {
      await copyFile(join(dir, manifest.database.path), sqliteCopy);
      await chmod(sqliteCopy, 0o600);
      migrated = await migrateRestored({ dataDir: config.dataDir, databaseUrl: `file:${sqliteCopy}` });
    }
    for (const name of ['files', 'keys']) {
      if (!(await stat(join(staging, name)).catch(() => null))) continue;
      await rename(join(staging, name), join(config.dataDir, name));
      placed.push(join(config.dataDir, name));
    }
    if (sqliteCopy) await rename(sqliteCopy, sqliteFileOf(config));
    else await restorePostgres(config.databaseUrl!, join(dir, manifest.database.path), pgRestore!);
  } catch (err) {
    // DATA_DIR was empty: what is in it now is this restore's.
    for (const path of placed) await rm(path, { recursive: true, force: true });
    throw err;
  } finally {
    await rm(staging, { recursive: true, force: true });
    if (sqliteCopy) for (const suffix of ['', '-wal', '-shm']) await rm(`${sqliteCopy}${suffix}`, { force: true });
  }
  if (dialect === 'postgres') migrated = await migrateRestored(config);

  const files = manifest.entries.filter((entry) => entry.path.startsWith('files/'));
  return {
    manifest,
    migrated,
    rows: await countRows(config),
    files: { count: files.length, bytes: files.reduce((sum, entry) => sum + entry.size, 0) },
    keys: manifest.keys,
  };
}

/** Reads every file of the backup against the manifest; throws BackupError naming what differs. */
async function verifyEntries(dir: string, manifest: BackupManifest): Promise<void> {
  const damaged: string[] = [];
  await forEachAtOnce(manifest.entries, CHECKS_AT_ONCE, async (entry) => {
    const problem = differenceOf(entry, await checksumOf(join(dir, entry.path)));
    if (problem) damaged.push(problem);
  });
  if (damaged.length > 0) {
    damaged.sort();
    const more = damaged.length > 1 ? ` (and ${damaged.length - 1} more)` : '';
    throw new BackupError(`The backup in ${dir} is damaged, so nothing was restored: ${damaged[0]}${more}`);
  }
}

function differenceOf(entry: BackupEntry, found: { size: number; sha256: string } | null): string | null {
  if (!found) return `${entry.path} is missing`;
  if (found.size !== entry.size) return `${entry.path} has ${found.size} bytes where manifest.json records ${entry.size}`;
  if (found.sha256 !== entry.sha256) return `${entry.path} does not match its SHA-256 checksum in manifest.json`;
  return null;
}

/** Copies the entries under `prefix`/ into `to`, checking each copy against the manifest again. */
async function copyEntries(dir: string, manifest: BackupManifest, prefix: 'files' | 'keys', to: string): Promise<void> {
  const entries = manifest.entries.filter((entry) => entry.path.startsWith(`${prefix}/`));
  await forEachAtOnce(entries, CHECKS_AT_ONCE, async (entry) => {
    const copied = await copyWithChecksum(join(dir, entry.path), join(to, entry.path.slice(prefix.length + 1)));
    const problem = differenceOf(entry, copied);
    if (problem) throw new BackupError(`The backup in ${dir} changed while it was restored, so nothing was restored: ${problem}`);
  });
}

async function assertEmptyDataDir(dataDir: string): Promise<void> {
  const entries = (await readdir(dataDir).catch(() => [] as string[])).filter((name) => name !== 'lost+found').sort();
  if (entries.length === 0) return;
  const held = `${entries.slice(0, 4).join(', ')}${entries.length > 4 ? ', …' : ''}`;
  throw new BackupError(
    `DATA_DIR ${dataDir} is not empty (it holds ${held}): restore only into an empty DATA_DIR. Move it aside (mv ${dataDir} ${dataDir}.old) or point DATA_DIR at a new folder`,
  );
}

function assertStorageFits(manifest: BackupManifest, config: AppConfig): void {
  const storage = manifest.storage;
  if (storage.kind === 'local' && config.s3) {
    throw new BackupError(`This backup holds its stored files itself, but this configuration keeps files in the S3 bucket ${config.s3.bucket}: restore with S3_ENDPOINT unset, as the backup was made`);
  }
  if (storage.kind === 's3' && !config.s3) {
    throw new BackupError(
      `This backup's stored files are not in it but in the S3 bucket ${storage.bucket} at ${storage.endpoint}: set S3_ENDPOINT, S3_BUCKET and the S3 credentials as when it was made, then restore again`,
    );
  }
}

function dialectMismatch(manifest: BackupManifest): string {
  return manifest.dialect === 'postgres'
    ? 'This backup holds a PostgreSQL database, but this configuration uses SQLite: set DATABASE_URL=postgres://… to an empty PostgreSQL database and restore again'
    : 'This backup holds a SQLite database, but DATABASE_URL names PostgreSQL: unset DATABASE_URL (SQLite in DATA_DIR) and restore again';
}

/** "15.18" → 15; unknown → 0 (any pg_restore will do). */
function majorOf(version: string | undefined): number {
  return Number(/^([0-9]+)/.exec(version ?? '')?.[1] ?? 0);
}
