import type { Thread } from '@patio/core';
import type { RequestContext } from '../../http/context';
import { notFound } from '../../http/errors';
import { requireCaller } from '../../http/school-scope';
import { announceThreadsChanged } from '../live/index';
import { markStubsRead } from './actions.queries';
import { buildPostCards, isExpired } from './post-cards';
import { findReadableThreadPosts } from './post-cards.queries';
import { readerKindOf } from './readable.sql';
import { findCallerFolder, findThreadHead } from './thread.queries';

/** 404 for a thread the caller may not read: its existence is not told. */
export const threadNotFound = () => notFound('There is no such thread, or it is not addressed to you');

/**
 * GET people/{me}/threads/feed/{threadId}: the posts of the thread the caller may read, oldest first,
 * and what they may do. Opening it marks the caller's stubs of it read (their other screens refresh).
 * Administrators open any thread of their school, holding a stub or not (folder null).
 */
export async function getThread(ctx: RequestContext, threadId: number): Promise<Thread> {
  const caller = requireCaller(ctx);
  const orgId = ctx.org.id;
  const rows = await findReadableThreadPosts(ctx.db, orgId, caller.id, readerKindOf(caller), threadId);
  if (rows.length === 0) throw threadNotFound();
  const folder = await findCallerFolder(ctx.db, orgId, caller.id, threadId);
  if (folder !== null) {
    const marked = await markStubsRead(ctx.db, orgId, caller.id, [threadId], new Date().toISOString());
    if (marked > 0) await announceThreadsChanged(ctx.services.events, orgId, [caller.id], threadId);
  }
  const head = await findThreadHead(ctx.db, orgId, threadId);
  const replies = head?.replies ?? 'off';
  return {
    id: threadId,
    folder,
    posts: await buildPostCards(ctx, caller, rows),
    canReply: replies !== 'off' && !isExpired(head?.expiration_date ?? null),
    replies,
  };
}
