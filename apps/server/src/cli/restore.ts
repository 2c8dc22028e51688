import { formatBytes } from '@patio/core';
import { describeDatabase } from '../platform/backup/places';
import { restoreBackup, type RestoreReport } from '../platform/backup/restore';
import { exitCodeOf, folderArgument } from './backup-command';
import type { Output } from './command-line';
import { toolConfig } from './tool-config';

export const usage = `Usage: npm run restore -- --from DIR

Restores the backup in DIR (written by npm run backup) into an empty DATA_DIR and an empty database
(DATABASE_URL, or DATA_DIR/patio.sqlite), with the server stopped. Refuses a target that is not empty, a
backup from a newer Patio, and a damaged backup (every file is checked against manifest.json before
anything is written); migrates an older backup to this version. PostgreSQL needs pg_restore as new as
the pg_dump that wrote the backup (PATH, /usr/lib/postgresql/N/bin or PG_BIN_DIR). Exit code 0 when
restored, 1 when refused or failed (the target is then left as it was).`;

/** Runs the command; answers the process exit code (0 restored, 1 refused or failed). */
export async function runRestore(argv: string[], env: Record<string, string | undefined>, io: Output): Promise<number> {
  const folder = folderArgument(argv, env, 'from', usage, io);
  if ('exit' in folder) return folder.exit;
  const { dir } = folder;
  return exitCodeOf(io, 'The restore failed', async () => {
    const config = toolConfig(env);
    const report = await restoreBackup({ config, dir, env });
    for (const line of summary(dir, report, `the ${describeDatabase(config)} and DATA_DIR ${config.dataDir}`)) io.out(line);
    const storage = report.manifest.storage;
    if (storage.kind === 'local' && storage.missing.length > 0) {
      io.err(`Warning: ${storage.missing.length} stored files were deleted while the backup ran; their rows have no bytes (manifest.json storage.missing).`);
    }
  });
}

function summary(dir: string, report: RestoreReport, target: string): string[] {
  const m = report.manifest;
  const { rows } = report;
  return [
    `Restored the backup of ${m.createdAt} (Patio ${m.patioVersion}, migration ${m.migration ?? 'none'}) from ${dir} into ${target}:`,
    `  database: ${rows.schools} schools, ${rows.people} people, ${rows.posts} posts, ${rows.files} files`,
    m.storage.kind === 'local'
      ? `  stored files: ${report.files.count} (${formatBytes(report.files.bytes)})`
      : `  stored files: none in the backup, they stay in the S3 bucket ${m.storage.bucket} at ${m.storage.endpoint}`,
    `  keys: ${report.keys.length > 0 ? report.keys.join(', ') : 'none (the backup had none in DATA_DIR/keys)'}`,
    report.migrated.length > 0
      ? `  migrated to this version: ${report.migrated.join(', ')}`
      : `  schema: already this version's (${m.migration ?? 'none'})`,
  ];
}
