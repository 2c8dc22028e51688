// The public face of the durable job queue. A job is a row in the `jobs` table, written with
// `jobs.enqueue(trx, …)` inside the transaction of the write that calls for it, so it exists exactly
// when that write commits. Workers (inside the server, or `npm run worker` processes) claim due jobs
// under a lease, run their kind's handler and record the outcome.
//
// Delivery is at least once: a worker that dies after the handler's side effect but before the job
// is marked done leaves a job that runs again once its lease lapses. Every handler must therefore be
// safe to run twice (check before acting, or make the effect idempotent). A handler that throws is
// retried with exponential backoff; after `maxAttempts` the job is dead and waits for a school
// administrator (GET/POST admin/jobs) to retry it.

export { JobQueue } from './job-queue';
export {
  defineJob,
  type EnqueueOptions,
  type JobContext,
  type JobDefinition,
  type JobEnqueuer,
  type JobLog,
  type JobServices,
  type JobState,
  type JobSubject,
} from './job-definition';
