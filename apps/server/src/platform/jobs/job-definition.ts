import type { AppConfig } from '../../config';
import type { Database, DialectName } from '../../db/database';
import type { EventBus } from '../events/event-bus';

// The types of the job queue: what a kind of job declares and what its handler receives
// (jobs.ts explains the guarantees).

export type JobState = 'queued' | 'running' | 'done' | 'dead';

/** The logger a job writes to (pino, as the server's). */
export interface JobLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** Long-lived services a handler may use; the server and worker processes each build one set. */
export interface JobServices {
  db: Database;
  dialect: DialectName;
  config: AppConfig;
  events: EventBus;
  log: JobLog;
}

/** Adding jobs from inside a handler (follow-up work): the queue, as handlers see it. */
export interface JobEnqueuer {
  enqueue<P>(db: Database, kind: string | JobDefinition<P>, payload: P, options?: EnqueueOptions): Promise<number | null>;
}

/** What a handler gets besides its payload. */
export interface JobContext extends JobServices {
  jobs: JobEnqueuer;
  job: { id: number; orgId: number | null; kind: string; attempts: number; maxAttempts: number };
}

/** One kind of job: its handler and how administrators see it. */
export interface JobDefinition<P = unknown> {
  /** Stable name stored with each job, e.g. `registration.mail`. */
  kind: string;
  /** Does the work; throwing makes the job retry. Runs at least once: must be safe to run twice. */
  handle(payload: P, ctx: JobContext): Promise<void>;
  /**
   * What the job is about, for the administrators' list, stored at enqueue (the payload is wiped once
   * done): a code the screen translates and the person concerned, never secrets or links.
   */
  summarize?(payload: P): JobSubject;
  /** An attempt running longer counts as failed (the lease is renewed meanwhile). Default 2 minutes. */
  timeoutMs?: number;
}

/** What a job is about: `topic` is a code (e.g. the kind of mail), `personId` the person it concerns. */
export interface JobSubject {
  topic?: string;
  personId?: number;
}

/** Declares a kind of job (typed payload); register it in modules/jobs/jobs.handlers.ts. */
export function defineJob<P>(definition: JobDefinition<P>): JobDefinition<P> {
  return definition;
}

export interface EnqueueOptions {
  /** The school the job belongs to: its administrators see it. */
  orgId?: number | null;
  /** Idempotency key: enqueueing a key that exists (in any state) does nothing. At most 300 characters. */
  key?: string;
  /** Not before this time (default now). */
  runAt?: Date;
  /** Overrides JOBS_MAX_ATTEMPTS for this job. */
  maxAttempts?: number;
}
