import type { Job, JobsQuery } from '@patio/core';
import type { RequestContext } from '../../http/context';
import { HttpError, notFound } from '../../http/errors';
import { countJobsOfOrg, findJobOfOrg, findJobsOfOrg, requeueDeadJob, type JobListRow } from './jobs.queries';

/** GET admin/jobs: one page of the school's jobs in one state, and how many there are. */
export async function listJobs(ctx: RequestContext, query: JobsQuery): Promise<{ items: Job[]; total: number }> {
  const [rows, total] = await Promise.all([
    findJobsOfOrg(ctx.db, ctx.org.id, { state: query.state, limit: query.limit, offset: (query.page - 1) * query.limit }),
    countJobsOfOrg(ctx.db, ctx.org.id, query.state),
  ]);
  return { items: rows.map(toJob), total };
}

/**
 * POST admin/jobs/{id}/retry: a dead job is queued again with fresh attempts and runs at once. Only
 * a dead job: one queued or running is already on its way (409), and another school's is unknown (404).
 */
export async function retryJob(ctx: RequestContext, id: number): Promise<Job> {
  const row = await requeueDeadJob(ctx.db, ctx.org.id, id, new Date().toISOString());
  if (!row) {
    const job = await findJobOfOrg(ctx.db, ctx.org.id, id);
    if (!job) throw notFound('There is no such job in this school');
    throw new HttpError(409, 'job_not_dead', `Only a failed job can be retried; this one is ${job.state}`);
  }
  ctx.services.jobs.nudge();
  return toJob(row);
}

function toJob(row: JobListRow): Job {
  return {
    id: row.id,
    kind: row.kind,
    state: row.state,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    lastError: row.last_error,
    runAt: row.run_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    ...subjectOf(row.summary),
  };
}

/** The stored subject (JSON written at enqueue); anything unreadable counts as no subject. */
function subjectOf(stored: string): Pick<Job, 'topic' | 'personId'> {
  try {
    const subject = JSON.parse(stored) as { topic?: unknown; personId?: unknown };
    return {
      topic: typeof subject.topic === 'string' ? subject.topic : null,
      personId: Number.isInteger(subject.personId) ? (subject.personId as number) : null,
    };
  } catch {
    return { topic: null, personId: null };
  }
}
