import type { Database } from '../../db/database';
import { defineJob, type JobEnqueuer } from '../../platform/jobs/jobs';
import { deletePositionsBefore, hasPositions } from './transport.queries';

// Bus positions are kept GEO_RETENTION_DAYS (default 30) after they arrive (issue 13 §2). One job per
// school and day deletes the older ones in batches and queues the next day's while the school has
// positions left; starting a run queues the day's job (by key, so once), which restarts the chain of
// a school that had stopped reporting.

export interface PositionsPurgePayload {
  orgId: number;
}

export const DEFAULT_GEO_RETENTION_DAYS = 30;
const DAY_MS = 86_400_000;
const BATCH = 5000;
/** The purge runs at this hour (UTC) of each day: 03:00 in Bogotá. */
const PURGE_HOUR_UTC = 8;

/** When the purge after `now` runs: the next PURGE_HOUR_UTC. */
export function nextPurgeAt(now: Date): Date {
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), PURGE_HOUR_UTC));
  return at.getTime() > now.getTime() ? at : new Date(at.getTime() + DAY_MS);
}

export const positionsPurgeJob = defineJob<PositionsPurgePayload>({
  kind: 'transport.purge-positions',
  async handle({ orgId }, ctx) {
    const days = ctx.config.geoRetentionDays ?? DEFAULT_GEO_RETENTION_DAYS;
    const before = new Date(Date.now() - days * DAY_MS).toISOString();
    let deleted = 0;
    for (;;) {
      const n = await deletePositionsBefore(ctx.db, orgId, before, BATCH);
      deleted += n;
      if (n < BATCH) break;
    }
    if (deleted > 0) ctx.log.info({ orgId, deleted, before }, 'old bus positions deleted');
    if (await hasPositions(ctx.db, orgId)) await schedulePositionsPurge(ctx.db, ctx.jobs, orgId, new Date());
  },
});

/** Queues the school's next daily purge (idempotent by day), inside the caller's transaction. */
export async function schedulePositionsPurge(db: Database, jobs: JobEnqueuer, orgId: number, now: Date): Promise<void> {
  const runAt = nextPurgeAt(now);
  await jobs.enqueue(db, positionsPurgeJob, { orgId }, { orgId, key: `transport.purge-positions:${orgId}:${runAt.toISOString().slice(0, 10)}`, runAt });
}
