import type { Audience, PostSettings, PostTypeKey } from '@patio/core';
import type { Database } from '../../db/database';
import { conflict } from './posts.errors';
import type { JobEnqueuer } from '../../platform/jobs/job-definition';
import { postDeliveredJob } from './posts.jobs';

/** The notifications area's fan-out job (issue 12): queued with the stubs, so a post's notifications exist exactly when it does. */
export const NOTIFICATIONS_FANOUT_KIND = 'notifications.fanout';
import {
  advanceOwnPost,
  insertPost,
  insertStubs,
  returnThreadToFeed,
  insertThread,
  type PostContentRow,
  setAudienceCount,
  setThreadFirstPost,
} from './posts.delivery.queries';

/** What a delivered post holds; the description is already sanitised (sanitizePostHtml). */
export interface DeliveryInput {
  orgId: number;
  authorId: number;
  /** The thread a reply joins; null opens a new thread with this post first. */
  threadId: number | null;
  replyToId: number | null;
  type: PostTypeKey;
  title: string;
  description: string;
  settings: PostSettings;
  /** The author's audience input as written (kept to show and to reuse), not the recipients. */
  audience: Audience;
  quotes: readonly number[];
  expirationDate?: string | null;
  /** The author's draft or scheduled post to publish in place (same id, same thread); 409 when it no longer is one. */
  postId?: number;
  /** The language it is written in; unset: a new post takes its author's, a draft keeps its own. */
  language?: string;
}

export interface Delivered {
  id: number;
  thread: number;
  /** Stubs written: recipients of the school, without the author. */
  audienceCount: number;
  publishDate: string;
}

/** The row columns of a post's content, shared by drafts and delivery. */
export function contentRow(input: {
  type: string;
  title: string;
  description: string;
  settings: PostSettings;
  audience: Audience;
  quotes: readonly number[];
  replyToId?: number | null;
  publishDate: string | null;
  expirationDate: string | null;
  language?: string;
}): PostContentRow {
  const { settings } = input;
  return {
    type: input.type,
    title: input.title,
    description: input.description,
    audience: JSON.stringify(input.audience),
    quotes: JSON.stringify([...input.quotes]),
    reply_to_id: input.replyToId ?? null,
    highlight: settings.highlight ? 1 : 0,
    notifications: settings.notifications ? 1 : 0,
    recipients_visible: settings.recipientsVisible ? 1 : 0,
    replies: settings.replies,
    forward: settings.forward ? 1 : 0,
    publish_date: utcInstant(input.publishDate),
    expiration_date: utcInstant(input.expirationDate),
    ...(input.language !== undefined ? { language: input.language } : {}),
  };
}

/** Instants are stored as UTC ISO text, so the databases compare and sort them as text. */
function utcInstant(value: string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

/**
 * Publishes a post now to `recipientIds` inside `trx`: the post (or the author's draft, in place),
 * its thread when it opens one, one stub per recipient (never the author; people of other schools
 * are skipped) in multi-row batches, and the `post.delivered` job that tells their open screens —
 * all committed or rolled back with the caller's transaction. Replies (threads area) and the
 * scheduled-publish job deliver through here too.
 */
export async function deliverPost(
  trx: Database,
  services: { jobs: JobEnqueuer },
  input: DeliveryInput,
  recipientIds: readonly number[],
): Promise<Delivered> {
  const now = new Date().toISOString();
  const content = contentRow({ ...input, publishDate: now, expirationDate: input.expirationDate ?? null });
  let id: number;
  let thread: number;
  if (input.postId !== undefined) {
    const existing = await advanceOwnPost(trx, input.orgId, input.authorId, input.postId, { from: ['draft', 'scheduled'], to: 'published', content, now });
    if (existing === null) throw conflict('not_a_draft', 'This post is already published or no longer exists');
    id = input.postId;
    thread = existing;
  } else {
    thread = input.threadId ?? (await insertThread(trx, input.orgId, now));
    id = await insertPost(trx, { ...content, org_id: input.orgId, thread_id: thread, author_id: input.authorId, status: 'published', created_at: now });
    if (input.threadId === null) await setThreadFirstPost(trx, input.orgId, thread, id);
  }
  const recipients = [...new Set(recipientIds)].filter((personId) => personId !== input.authorId);
  const audienceCount = await insertStubs(trx, input.orgId, { id, threadId: thread }, recipients, now);
  // A new post in a thread someone archived or trashed brings the whole thread back to their inbox.
  if (input.threadId !== null) await returnThreadToFeed(trx, input.orgId, thread, recipients);
  await setAudienceCount(trx, input.orgId, id, audienceCount);
  await services.jobs.enqueue(trx, postDeliveredJob, { orgId: input.orgId, postId: id }, { orgId: input.orgId, key: `post.delivered:${input.orgId}:${id}` });
  // Named by kind, not imported: the notifications area builds on posts, never the other way round.
  if (input.settings.notifications && audienceCount > 0) {
    await services.jobs.enqueue(trx, NOTIFICATIONS_FANOUT_KIND, { orgId: input.orgId, postId: id }, { orgId: input.orgId, key: `notifications.fanout:${input.orgId}:${id}` });
  }
  return { id, thread, audienceCount, publishDate: now };
}
