import type { PostInput, Published } from '@patio/core';
import type { Database } from '../../db/database';
import { HttpError } from '../../http/errors';
import type { JobEnqueuer } from '../../platform/jobs/job-definition';
import { defineJob } from '../../platform/jobs/jobs';
import { findCaller } from '../people/index';
import { inputOf } from './drafts.service';
import { findPostRecord } from './drafts.queries';
import { resolveRecipientsLater } from './posts.audience';
import { contentRow, deliverPost } from './posts.delivery';
import { advanceOwnPost, insertPost, insertThread, setAudienceCount, setThreadFirstPost } from './posts.delivery.queries';
import { conflict } from './posts.errors';

export interface PostPublishPayload {
  orgId: number;
  postId: number;
  /** The date the job was queued for: a job for a date the post no longer has does nothing. */
  publishDate: string;
}

/**
 * Publishes a scheduled post at its date: resolves its audience then (people who joined meanwhile
 * receive it, people who left do not) with its author's rights of that moment, and delivers it.
 * Durable (the jobs table), so a restart only delays it. Safe to run twice: a post that is no longer
 * scheduled for this date is left alone, and publishing is a conditional update.
 */
export const postPublishJob = defineJob<PostPublishPayload>({
  kind: 'post.publish',
  async handle({ orgId, postId, publishDate }, ctx) {
    const { db, log } = ctx;
    await db.transaction().execute(async (trx) => {
      const row = await findPostRecord(trx, orgId, postId);
      if (!row || row.status !== 'scheduled' || row.publish_date !== publishDate) return;
      const input = inputOf(row);
      const author = await findCaller(trx, orgId, row.author_id);
      const recipients = author ? await resolveRecipientsLater(trx, author, input.audience) : [];
      if (recipients.length === 0) log.warn({ orgId, postId }, 'a scheduled post reached nobody at its date');
      try {
        await deliverPost(
          trx,
          ctx,
          {
            orgId, authorId: row.author_id, threadId: row.thread_id, replyToId: null, type: input.type, title: input.title,
            description: input.description, settings: input.settings, audience: input.audience, quotes: input.quotes,
            expirationDate: input.expirationDate, postId,
          },
          recipients,
        );
      } catch (err) {
        // Published by another run meanwhile.
        if (err instanceof HttpError && err.statusCode === 409) return;
        throw err;
      }
    });
  },
});

/** Queues the publish of a scheduled post inside the transaction that schedules it. */
export async function schedulePublish(trx: Database, jobs: JobEnqueuer, payload: PostPublishPayload): Promise<void> {
  await jobs.enqueue(trx, postPublishJob, payload, {
    orgId: payload.orgId,
    key: `post.publish:${payload.orgId}:${payload.postId}:${payload.publishDate}`,
    runAt: new Date(payload.publishDate),
  });
}

/**
 * Stores a post for later — a new one, or the author's draft in place — with the audience count of
 * now, and queues its publish at `input.publishDate`, all inside `trx`. The description is already
 * sanitised and the audience already checked against the author.
 */
export async function storeScheduledPost(
  trx: Database,
  jobs: JobEnqueuer,
  post: { orgId: number; authorId: number; input: PostInput; draftId: number | null; audienceCount: number },
): Promise<Published> {
  const { orgId, authorId, input } = post;
  const publishDate = new Date(input.publishDate!).toISOString();
  const content = contentRow({ ...input, publishDate, expirationDate: input.expirationDate });
  const now = new Date().toISOString();
  let id: number;
  let thread: number;
  if (post.draftId !== null) {
    const existing = await advanceOwnPost(trx, orgId, authorId, post.draftId, { from: ['draft'], to: 'scheduled', content, now });
    if (existing === null) throw conflict('not_a_draft', 'This draft is already published or scheduled');
    id = post.draftId;
    thread = existing;
  } else {
    thread = await insertThread(trx, orgId, now);
    id = await insertPost(trx, { ...content, org_id: orgId, thread_id: thread, author_id: authorId, status: 'scheduled', created_at: now });
    await setThreadFirstPost(trx, orgId, thread, id);
  }
  await setAudienceCount(trx, orgId, id, post.audienceCount);
  await schedulePublish(trx, jobs, { orgId, postId: id, publishDate });
  return { id, thread, audienceCount: post.audienceCount, publishDate, scheduled: true };
}
