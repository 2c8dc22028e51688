import type { Database } from '../../db/database';
import type { JobState } from './job-definition';

/** Jobs of one kind in one state: how many, and the earliest `run_at` among them. */
export interface QueueStatsRow {
  kind: string;
  state: JobState;
  count: number;
  /** ISO time; for queued jobs, when the longest-waiting due one was due. */
  oldestRunAt: string | null;
}

/**
 * The queue's backlog for readiness and metrics: due queued jobs, running jobs and dead jobs, by
 * kind. Jobs scheduled for later (or waiting for a retry) are not due yet, so they are not lag.
 * Uses jobs_state_run_at_idx; done jobs, the bulk of the table, are never read.
 */
export async function queueStats(db: Database, now: string): Promise<QueueStatsRow[]> {
  const rows = await db
    .selectFrom('jobs')
    .select((eb) => ['kind', 'state', eb.fn.countAll<number | string>().as('count'), eb.fn.min('run_at').as('oldest')])
    .where((eb) => eb.or([eb.and([eb('state', '=', 'queued'), eb('run_at', '<=', now)]), eb('state', 'in', ['running', 'dead'])]))
    .groupBy(['kind', 'state'])
    .execute();
  return rows.map((row) => ({ kind: row.kind, state: row.state, count: Number(row.count), oldestRunAt: row.oldest ?? null }));
}

/** When the longest-waiting due job was due (ISO), or null when none is waiting. */
export async function oldestDueJob(db: Database, now: string): Promise<string | null> {
  const row = await db
    .selectFrom('jobs')
    .select((eb) => eb.fn.min('run_at').as('oldest'))
    .where('state', '=', 'queued')
    .where('run_at', '<=', now)
    .executeTakeFirst();
  return row?.oldest ?? null;
}
