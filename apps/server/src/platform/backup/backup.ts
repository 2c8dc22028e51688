import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppConfig } from '../../config';
import { snapshotPostgres, snapshotSqlite } from './database-snapshot';
import { type Checksum, checksumOf, copyWithChecksum, forEachAtOnce, listFiles } from './file-tree';
import { type BackupEntry, BackupError, type BackupManifest, MANIFEST_FILE, newManifest, patioVersion } from './manifest';
import { databaseDialectOf, sqliteFileOf } from './places';

// `npm run backup -- --to DIR` (docs/operations.md "Backups"): a consistent snapshot while the server
// keeps serving. Stored files are written before the row that names them (files.receive.ts) under
// keys that are never reused, so files copied around the database snapshot cover every row of it:
// most are copied before it (the bulk, while the server runs on), and a second pass after it takes the
// files that appeared meanwhile. Extra files are harmless. Only a file deleted after the snapshot and
// before its copy is lost; the manifest names such keys (storage.missing).

export interface BackupOptions {
  config: AppConfig;
  /** An absolute path: a new folder, or an empty one. */
  dir: string;
  /** For PG_BIN_DIR and PATH (pg_dump). */
  env: Record<string, string | undefined>;
}

/** Writes the backup into `dir`; answers its manifest. On failure leaves `dir` as it was and throws. */
export async function createBackup(options: BackupOptions): Promise<BackupManifest> {
  const created = await prepareEmptyFolder(options.dir);
  try {
    return await writeBackup(options);
  } catch (err) {
    if (created) await rm(options.dir, { recursive: true, force: true });
    else for (const name of ['database', 'files', 'keys', MANIFEST_FILE, `${MANIFEST_FILE}.tmp`]) await rm(join(options.dir, name), { recursive: true, force: true });
    throw err;
  }
}

async function writeBackup({ config, dir, env }: BackupOptions): Promise<BackupManifest> {
  const dialect = databaseDialectOf(config);
  const filesRoot = config.s3 ? null : join(config.dataDir, 'files');
  const copied = new Map<string, Checksum>();
  if (filesRoot) await copyNewFiles(filesRoot, join(dir, 'files'), copied);

  await mkdir(join(dir, 'database'), { mode: 0o700 });
  const databasePath = dialect === 'sqlite' ? 'database/patio.sqlite' : 'database/patio.pgdump';
  const snapshot =
    dialect === 'sqlite'
      ? await snapshotSqlite(sqliteFileOf(config), join(dir, databasePath))
      : await snapshotPostgres(config.databaseUrl!, join(dir, databasePath), env);
  if (filesRoot) await copyNewFiles(filesRoot, join(dir, 'files'), copied);

  const keys = new Map<string, Checksum>();
  await copyNewFiles(join(config.dataDir, 'keys'), join(dir, 'keys'), keys);

  const database = await checksumOf(join(dir, databasePath));
  if (!database) throw new BackupError(`The database copy ${join(dir, databasePath)} disappeared while the backup ran`);
  const entriesOf = (prefix: string, files: Map<string, Checksum>): BackupEntry[] =>
    [...files].sort(([a], [b]) => (a < b ? -1 : 1)).map(([path, sum]) => ({ path: `${prefix}/${path}`, ...sum }));
  const fileEntries = entriesOf('files', copied);
  const manifest = newManifest({
    patioVersion,
    createdAt: snapshot.createdAt,
    finishedAt: new Date().toISOString(),
    dialect,
    migration: snapshot.migrations.at(-1) ?? null,
    migrations: snapshot.migrations,
    database: { path: databasePath, ...(snapshot.postgresVersion ? { postgresVersion: snapshot.postgresVersion, pgDumpVersion: snapshot.pgDumpVersion } : {}) },
    storage: config.s3
      ? { kind: 's3', endpoint: config.s3.endpoint, bucket: config.s3.bucket, objects: [...snapshot.fileKeys].sort() }
      : {
          kind: 'local',
          files: fileEntries.length,
          bytes: fileEntries.reduce((sum, entry) => sum + entry.size, 0),
          missing: [...snapshot.fileKeys].filter((key) => !copied.has(key)).sort(),
        },
    keys: [...keys.keys()].sort(),
    entries: [{ path: databasePath, ...database }, ...fileEntries, ...entriesOf('keys', keys)],
  });
  // Written last and renamed into place: a folder with a manifest holds a finished backup.
  await writeFile(join(dir, `${MANIFEST_FILE}.tmp`), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  await rename(join(dir, `${MANIFEST_FILE}.tmp`), join(dir, MANIFEST_FILE));
  return manifest;
}

/** Creates `dir` (answers true), or checks that it is an empty folder (answers false). */
async function prepareEmptyFolder(dir: string): Promise<boolean> {
  const info = await stat(dir).catch(() => null);
  if (!info) {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    return true;
  }
  if (!info.isDirectory()) throw new BackupError(`${dir} is a file: back up into a new or empty folder`);
  const entries = (await readdir(dir)).filter((name) => name !== 'lost+found');
  if (entries.length > 0) throw new BackupError(`${dir} is not empty (it holds ${entries.slice(0, 3).join(', ')}${entries.length > 3 ? ', …' : ''}): back up into a new or empty folder, e.g. one named after the date`);
  return false;
}

/** How many files are copied at once: enough to hide each file's open and close, few enough for a small server. */
export const COPIES_AT_ONCE = 8;

/** Copies the files under `from` that `copied` does not hold yet into `to`, recording each. */
async function copyNewFiles(from: string, to: string, copied: Map<string, Checksum>): Promise<void> {
  await forEachAtOnce(listFiles(from), COPIES_AT_ONCE, async (path) => {
    if (copied.has(path)) return;
    const sum = await copyWithChecksum(join(from, path), join(to, path));
    if (sum) copied.set(path, sum);
  });
}
