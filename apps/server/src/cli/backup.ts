import { formatBytes } from '@patio/core';
import { createBackup } from '../platform/backup/backup';
import type { BackupManifest } from '../platform/backup/manifest';
import { exitCodeOf, folderArgument } from './backup-command';
import type { Output } from './command-line';
import { secretsInEnvironment, toolConfig } from './tool-config';

export const usage = `Usage: npm run backup -- --to DIR

Writes a consistent backup of this Patio into DIR (a new or empty folder) while the server keeps
serving: the database the server uses (SQLite: its online backup; PostgreSQL: pg_dump -Fc, of the
server's major version or newer, from the PATH, /usr/lib/postgresql/N/bin or PG_BIN_DIR), the stored
files of DATA_DIR/files (files in an S3 bucket are not copied), the signing keys of DATA_DIR/keys, and
manifest.json, written last, with every file's size and SHA-256. Reads the server's environment
(DATA_DIR, DATABASE_URL, S3_*). Exit code 0 when the backup is complete, 1 when it is not (DIR is then
left as it was).`;

/** Runs the command; answers the process exit code (0 written, 1 refused or failed). */
export async function runBackup(argv: string[], env: Record<string, string | undefined>, io: Output): Promise<number> {
  const folder = folderArgument(argv, env, 'to', usage, io);
  if ('exit' in folder) return folder.exit;
  const { dir } = folder;
  return exitCodeOf(io, `The backup failed, nothing was kept in ${dir}`, async () => {
    const config = toolConfig(env);
    const manifest = await createBackup({ config, dir, env });
    for (const line of summary(dir, manifest)) io.out(line);
    if (manifest.storage.kind === 'local' && manifest.storage.missing.length > 0) {
      io.err(
        `Warning: ${manifest.storage.missing.length} stored files the database names were deleted while the backup ran; ` +
          'their rows are in the backup without their bytes (manifest.json storage.missing).',
      );
    }
    if (!manifest.keys.includes('jwt-secret') && !env.PATIO_JWT_SECRET) {
      io.err('Warning: DATA_DIR/keys holds no signing key and PATIO_JWT_SECRET is not set: check that DATA_DIR is the one the server uses.');
    }
    for (const name of secretsInEnvironment(env)) {
      io.err(`Note: ${name} is set in the environment, so no backup holds it: keep it with the server's configuration.`);
    }
  });
}

function summary(dir: string, m: BackupManifest): string[] {
  const database = m.entries.find((entry) => entry.path === m.database.path)!;
  const engine = m.dialect === 'sqlite' ? 'SQLite' : `PostgreSQL ${m.database.postgresVersion} (pg_dump ${m.database.pgDumpVersion})`;
  const storage = m.storage;
  return [
    `Backed up Patio ${m.patioVersion} to ${dir} (database snapshot at ${m.createdAt}):`,
    `  database: ${engine}, migration ${m.migration ?? 'none'}, ${formatBytes(database.size)}`,
    storage.kind === 'local'
      ? `  stored files: ${storage.files} (${formatBytes(storage.bytes)})`
      : `  stored files: not copied, they stay in the S3 bucket ${storage.bucket} at ${storage.endpoint}, which must be versioned or replicated (the database names ${storage.objects.length} objects: manifest.json storage.objects)`,
    `  keys: ${m.keys.length > 0 ? m.keys.join(', ') : 'none in DATA_DIR/keys'}`,
  ];
}
