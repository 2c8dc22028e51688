import { defaultJobsConfig } from '../../config';
import type { JobEnqueuer } from '../../platform/jobs/jobs';
import { insertJob } from '../../platform/jobs/jobs.queries';

/**
 * Enqueues jobs from a seed step, which runs before any queue exists: the same rows enqueue writes,
 * inside the step's transaction, for the first worker to run (a scheduled demo post publishes at its
 * date, deliveries announce to whoever is connected by then).
 */
export const seedJobs: JobEnqueuer = {
  async enqueue(db, kind, payload, options = {}) {
    const now = new Date().toISOString();
    return insertJob(db, {
      orgId: options.orgId ?? null,
      kind: typeof kind === 'string' ? kind : kind.kind,
      payload: JSON.stringify(payload ?? null),
      summary: JSON.stringify((typeof kind === 'string' ? undefined : kind.summarize?.(payload)) ?? {}),
      key: options.key ?? null,
      maxAttempts: options.maxAttempts ?? defaultJobsConfig.maxAttempts,
      runAt: (options.runAt ?? new Date()).toISOString(),
      now,
    });
  },
};
