import type { ExpressionBuilder, Selectable } from 'kysely';
import type { Database, DialectName } from '../../db/database';
import type { DB, JobTable } from '../../db/types';

// The queue's SQL. Every state change of a claimed job is conditional on `locked_by` (the claiming
// worker) and state 'running', so a worker whose lease lapsed and was taken over cannot overwrite
// the new owner's outcome: its late update simply matches no row.

export type JobRow = Selectable<JobTable>;

export interface NewJob {
  orgId: number | null;
  kind: string;
  payload: string;
  summary: string;
  key: string | null;
  maxAttempts: number;
  runAt: string;
  now: string;
}

/** Inserts a queued job; answers its id, or null when a job with the same key exists (a no-op). */
export async function insertJob(db: Database, job: NewJob): Promise<number | null> {
  const row = await db
    .insertInto('jobs')
    .values({
      org_id: job.orgId,
      kind: job.kind,
      payload: job.payload,
      summary: job.summary,
      key: job.key,
      state: 'queued',
      attempts: 0,
      max_attempts: job.maxAttempts,
      run_at: job.runAt,
      created_at: job.now,
      updated_at: job.now,
    })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Due: queued and its time has come, or running under a lease that lapsed (its worker died). */
function isClaimable(now: string) {
  return (eb: ExpressionBuilder<DB, 'jobs'>) =>
    eb.or([
      eb.and([eb('state', '=', 'queued'), eb('run_at', '<=', now)]),
      eb.and([eb('state', '=', 'running'), eb('locked_until', '<', now)]),
    ]);
}

/**
 * Claims up to `limit` due jobs for `lockedBy` until `leaseUntil`, counting the attempt. One
 * statement: on PostgreSQL the subquery locks the rows it picks and skips rows another claimer holds
 * (FOR UPDATE SKIP LOCKED); on SQLite an UPDATE takes the database's write lock before it reads, and
 * SQLite lets one writer in at a time, so two processes sharing the file never pick the same row.
 */
export async function claimJobs(
  db: Database,
  dialect: DialectName,
  claim: { lockedBy: string; leaseUntil: string; now: string; limit: number },
): Promise<JobRow[]> {
  return db
    .updateTable('jobs')
    .set((eb) => ({
      state: 'running',
      attempts: eb('attempts', '+', 1),
      locked_by: claim.lockedBy,
      locked_until: claim.leaseUntil,
      updated_at: claim.now,
    }))
    .where('id', 'in', (eb) => {
      const due = eb.selectFrom('jobs').select('id').where(isClaimable(claim.now)).orderBy('run_at').orderBy('id').limit(claim.limit);
      return dialect === 'postgres' ? due.forUpdate().skipLocked() : due;
    })
    .returningAll()
    .execute();
}

/** Extends the leases of the jobs `lockedBy` is still running. */
export async function renewLeases(db: Database, ids: number[], lockedBy: string, leaseUntil: string): Promise<void> {
  if (!ids.length) return;
  await db
    .updateTable('jobs')
    .set({ locked_until: leaseUntil })
    .where('id', 'in', ids)
    .where('locked_by', '=', lockedBy)
    .where('state', '=', 'running')
    .execute();
}

/** A finished job: done, and its payload wiped (mail payloads carry one-time links). */
export async function markDone(db: Database, id: number, lockedBy: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ state: 'done', payload: '{}', locked_by: null, locked_until: null, last_error: null, updated_at: now })
    .where('id', '=', id)
    .where('locked_by', '=', lockedBy)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A failed attempt: queued again at `retryAt`, or dead (retryAt null) until an administrator retries it. */
export async function markFailed(
  db: Database,
  id: number,
  lockedBy: string,
  failure: { error: string; retryAt: string | null; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({
      state: failure.retryAt ? 'queued' : 'dead',
      run_at: failure.retryAt ?? failure.now,
      last_error: failure.error,
      locked_by: null,
      locked_until: null,
      updated_at: failure.now,
    })
    .where('id', '=', id)
    .where('locked_by', '=', lockedBy)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Hands unfinished jobs back (a worker shutting down): queued and due at once, the interrupted
 * attempt not counted, so another worker takes them without waiting for the lease to lapse.
 */
export async function releaseJobs(db: Database, ids: number[], lockedBy: string, now: string): Promise<number> {
  if (!ids.length) return 0;
  const result = await db
    .updateTable('jobs')
    .set((eb) => ({ state: 'queued', attempts: eb('attempts', '-', 1), run_at: now, locked_by: null, locked_until: null, updated_at: now }))
    .where('id', 'in', ids)
    .where('locked_by', '=', lockedBy)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Forgets done jobs last touched before `before` (their keys then stop deduplicating). */
export async function pruneDoneJobs(db: Database, before: string): Promise<number> {
  const result = await db.deleteFrom('jobs').where('state', '=', 'done').where('updated_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
