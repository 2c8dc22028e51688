import { z } from 'zod';
import { zQueryInteger } from './ids';

/** Where a background job stands: waiting (or waiting to retry), being worked, finished, or failed for good. */
export const ZJobState = z.enum(['queued', 'running', 'done', 'dead']);
export type JobState = z.infer<typeof ZJobState>;

/**
 * A background job as school administrators see it (GET admin/jobs). Never its payload, which may
 * hold one-time links: `topic` and `personId` say what the job is about.
 */
export const ZJob = z.object({
  id: z.number().int(),
  kind: z.string().describe('What the job does, e.g. registration.mail'),
  state: ZJobState,
  attempts: z.number().int().describe('Attempts made so far'),
  maxAttempts: z.number().int().describe('Attempts before the job is dead'),
  lastError: z.string().nullable().describe('Why the last attempt failed'),
  runAt: z.string().describe('When it runs next (queued), or when it was due'),
  createdAt: z.string(),
  updatedAt: z.string(),
  topic: z.string().nullable().describe('What the job is about, a code the client translates (for registration.mail: verification, approved, rejected, already_registered)'),
  personId: z.number().int().nullable().describe('The person the job concerns, when there is one'),
});
export type Job = z.infer<typeof ZJob>;

/** Query of GET admin/jobs: one state (dead by default), newest change first, paged. */
export const ZJobsQuery = z.object({
  state: ZJobState.default('dead'),
  page: zQueryInteger(1, 100_000).default(1),
  limit: zQueryInteger(1, 100).default(20),
});
export type JobsQuery = z.infer<typeof ZJobsQuery>;
