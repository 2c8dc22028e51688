import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { DialectName } from '../../db/database';
import serverPackage from '../../../package.json';

// manifest.json, the last file a backup writes: a folder without it is not a (finished) backup. It says
// what the backup holds and lets restore check every byte before it writes anything.

export const MANIFEST_FILE = 'manifest.json';

/** Patio's version, as its package says (bundled in at build time). */
export const patioVersion: string = serverPackage.version;
const FORMAT = 'patio-backup';
const FORMAT_VERSION = 1;

/** A refusal or failure of backup or restore, said in one line; nothing was changed. */
export class BackupError extends Error {}

/** One file of the backup, by its path inside the backup folder. */
export interface BackupEntry {
  path: string;
  size: number;
  sha256: string;
}

export type StorageManifest =
  /** DATA_DIR/files, copied under files/; `missing` names the storage keys the database holds without bytes. */
  | { kind: 'local'; files: number; bytes: number; missing: string[] }
  /**
   * An S3-compatible bucket: its objects are not in the backup. `objects` names the keys the database
   * snapshot refers to, so that a versioned bucket can give back each one as it was at createdAt.
   */
  | { kind: 's3'; endpoint: string; bucket: string; objects: string[] };

export interface BackupManifest {
  format: typeof FORMAT;
  formatVersion: typeof FORMAT_VERSION;
  /** The version of Patio that made it. */
  patioVersion: string;
  /** When the database snapshot was taken: every write committed before it is in the backup. */
  createdAt: string;
  finishedAt: string;
  dialect: DialectName;
  /** The last migration the backed-up database had run (its schema level), and all it had run. */
  migration: string | null;
  migrations: string[];
  database: {
    /** The dump inside the backup: database/patio.sqlite (a SQLite file) or database/patio.pgdump (pg_dump -Fc). */
    path: string;
    postgresVersion?: string;
    pgDumpVersion?: string;
  };
  storage: StorageManifest;
  /** The files of DATA_DIR/keys (the signing secrets), under keys/. */
  keys: string[];
  /** Every file of the backup but the manifest, with its size and SHA-256. */
  entries: BackupEntry[];
}

export function newManifest(fields: Omit<BackupManifest, 'format' | 'formatVersion'>): BackupManifest {
  return { format: FORMAT, formatVersion: FORMAT_VERSION, ...fields };
}

/** The manifest of the backup in `dir`; throws BackupError when `dir` is not a backup this version reads. */
export async function readManifest(dir: string): Promise<BackupManifest> {
  const info = await stat(dir).catch(() => null);
  if (!info) throw new BackupError(`${dir} does not exist: name the folder a backup was written to (npm run backup -- --to DIR)`);
  if (!info.isDirectory()) throw new BackupError(`${dir} is not a folder: a Patio backup is a folder holding ${MANIFEST_FILE}, database/, files/ and keys/`);
  const text = await readFile(join(dir, MANIFEST_FILE), 'utf8').catch(() => null);
  if (text === null) {
    throw new BackupError(`${dir} is not a Patio backup: it has no ${MANIFEST_FILE} (a backup that did not finish has none either)`);
  }
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(text);
  } catch (err) {
    throw new BackupError(`${join(dir, MANIFEST_FILE)} is damaged: ${(err as Error).message}`);
  }
  if (manifest?.format !== FORMAT) throw new BackupError(`${dir} is not a Patio backup: its ${MANIFEST_FILE} is not a Patio backup manifest`);
  if (manifest.formatVersion !== FORMAT_VERSION) {
    throw new BackupError(`${dir} was written in backup format ${manifest.formatVersion}, which Patio ${patioVersion} does not read: restore it with the Patio that made it (${manifest.patioVersion})`);
  }
  const problem = shapeProblem(manifest);
  if (problem) throw new BackupError(`${join(dir, MANIFEST_FILE)} is damaged: ${problem}`);
  return manifest;
}

/** What is wrong with a parsed manifest's shape, or null. Paths must stay inside the backup. */
function shapeProblem(m: BackupManifest): string | null {
  if (m.dialect !== 'sqlite' && m.dialect !== 'postgres') return `unknown database kind "${m.dialect}"`;
  if (!Array.isArray(m.migrations) || !m.migrations.every((name) => typeof name === 'string')) return 'no list of migrations';
  if (!Array.isArray(m.entries) || !Array.isArray(m.keys)) return 'no list of files';
  for (const entry of m.entries) {
    if (typeof entry?.path !== 'string' || !isSafePath(entry.path)) return `a file path outside the backup (${String(entry?.path)})`;
    if (!Number.isSafeInteger(entry.size) || entry.size < 0 || !/^[0-9a-f]{64}$/.test(entry.sha256 ?? '')) return `no size or checksum for ${entry.path}`;
  }
  if (!m.entries.some((entry) => entry.path === m.database?.path)) return 'no database file';
  if (m.storage?.kind !== 'local' && m.storage?.kind !== 's3') return 'no storage';
  return null;
}

/** database/…, files/… or keys/…, without `.`, `..` or empty parts. */
function isSafePath(path: string): boolean {
  const parts = path.split('/');
  return ['database', 'files', 'keys'].includes(parts[0]) && parts.length >= 2 && parts.every((part) => part !== '' && part !== '.' && part !== '..' && !part.includes('\\') && !part.includes('\u0000'));
}
