import { ANON_UPLOAD_TTL_MS } from '@patio/core';
import type { Database } from '../../db/database';
import { defineJob, type JobEnqueuer } from '../../platform/jobs/jobs';
import { storageFor } from '../../platform/storage/create-storage';
import { anonCutoff } from './files.anon';
import { anonFolder } from './files.folders';
import { deleteFileRows, findExpiredAnonFiles } from './files.queries';
import { storageKeysOf } from './files.remove';

// Signed-out uploads are removed a day after they were made (contract: people/anon/uploads). Each
// upload queues, in its own transaction, this durable job for the hour its files expire; uploads of
// the same school and hour share one job (its key), so a school has at most about 25 of them waiting.
// The job removes every expired signed-out file of the school, not only its own hour's: a job that
// ran late, or failed for a while, leaves nothing behind.

export interface AnonExpiryPayload {
  orgId: number;
}

const HOUR_MS = 3600_000;
const BATCH = 200;

export const anonUploadsExpiryJob = defineJob<AnonExpiryPayload>({
  kind: 'files.anon-expiry',
  async handle({ orgId }, ctx) {
    // The worker process has no request services: the storage comes from the same configuration.
    const storage = storageFor(ctx.config);
    const before = anonCutoff();
    for (;;) {
      const rows = await findExpiredAnonFiles(ctx.db, orgId, anonFolder.path, before, BATCH);
      if (rows.length === 0) return;
      // Bytes first: if removing them fails, the rows stay and the retry finds them again.
      await Promise.all(rows.flatMap(storageKeysOf).map((key) => storage.remove(key)));
      await deleteFileRows(ctx.db, orgId, rows.map((row) => row.id));
    }
  },
});

/** Queues the removal of signed-out files made at `createdAt` (inside the upload's transaction). */
export async function scheduleAnonExpiry(jobs: JobEnqueuer, trx: Database, orgId: number, createdAt: Date): Promise<void> {
  const runAt = new Date(Math.ceil((createdAt.getTime() + ANON_UPLOAD_TTL_MS) / HOUR_MS) * HOUR_MS + 60_000);
  await jobs.enqueue(trx, anonUploadsExpiryJob, { orgId }, { orgId, key: `files.anon-expiry:${orgId}:${runAt.toISOString()}`, runAt });
}
