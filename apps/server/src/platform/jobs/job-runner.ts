import type { JobsConfig } from '../../config';
import { countersOf } from '../metrics/counters';
import { backoffDelay } from './backoff';
import type { JobDefinition, JobEnqueuer, JobServices } from './job-definition';
import { markDone, markFailed, type JobRow } from './jobs.queries';

const DEFAULT_TIMEOUT_MS = 2 * 60_000;
/** last_error keeps this much of a failure's message. */
const MAX_ERROR_LENGTH = 1000;

interface RunnerContext extends JobServices {
  jobs: JobEnqueuer;
  workerId: string;
  options: JobsConfig;
}

/**
 * Runs one claimed job (attempts already counted by the claim) and records the outcome: done, queued
 * again after a backoff, or dead once its attempts are used up. Never throws: a failure to record
 * the outcome leaves the lease to lapse, and another worker takes the job then.
 */
export async function runJob(row: JobRow, definition: JobDefinition<never> | undefined, ctx: RunnerContext): Promise<void> {
  const { db, log } = ctx;
  const job = { id: row.id, orgId: row.org_id, kind: row.kind, attempts: row.attempts, maxAttempts: row.max_attempts };
  let failure: string | null = null;
  if (row.attempts > row.max_attempts) {
    // Claimed again after each lapsed lease: its workers keep dying on it, so it stops here.
    failure = `Gave up after ${row.max_attempts} attempts: the worker running the last one stopped before it finished`;
  } else if (!definition) {
    failure = `No handler for job kind "${row.kind}" in this process`;
  } else {
    try {
      const payload = JSON.parse(row.payload) as never;
      await withTimeout(definition.handle(payload, { ...ctx, job }), definition.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    } catch (err) {
      failure = messageOf(err);
    }
  }

  const now = Date.now();
  try {
    if (failure === null) {
      await markDone(db, row.id, ctx.workerId, new Date(now).toISOString());
      return;
    }
    const retry = row.attempts < row.max_attempts;
    countersOf(ctx.config).jobsFailed.inc({ kind: row.kind, final: String(!retry) });
    const retryAt = retry ? new Date(now + backoffDelay(row.attempts, ctx.options.backoffBaseMs)).toISOString() : null;
    await markFailed(db, row.id, ctx.workerId, { error: failure.slice(0, MAX_ERROR_LENGTH), retryAt, now: new Date(now).toISOString() });
    const entry = { jobId: row.id, kind: row.kind, attempts: row.attempts, maxAttempts: row.max_attempts, error: failure, retryAt };
    if (retry) log.warn(entry, 'job failed; it will be retried');
    else log.error(entry, 'job failed for the last time and is dead');
  } catch (err) {
    log.error({ err, jobId: row.id, kind: row.kind }, 'could not record the outcome of a job');
  }
}

function messageOf(err: unknown): string {
  if (err instanceof Error) return err.message || err.name;
  return String(err);
}

function withTimeout(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Timed out after ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
