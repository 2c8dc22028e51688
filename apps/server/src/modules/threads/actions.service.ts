import type { ThreadAction, ThreadsUpdated } from '@patio/core';
import type { RequestContext } from '../../http/context';
import { notFound } from '../../http/errors';
import { requireCaller } from '../../http/school-scope';
import { announceThreadsChanged } from '../live/index';
import { findOwnThreadIds, markLatestStubsUnread, markStubsRead, moveStubs } from './actions.queries';

/**
 * POST people/{me}/threads/{action}: moves the caller's stubs of these threads to a folder, or marks
 * them read or unread. All or nothing: one id that is not a thread of the caller (someone else's, of
 * another school, of nothing) is a 404 and nothing changes. The caller's other screens refresh.
 */
export async function actOnThreads(ctx: RequestContext, action: ThreadAction, ids: readonly number[]): Promise<ThreadsUpdated> {
  const caller = requireCaller(ctx);
  const orgId = ctx.org.id;
  const threadIds = [...new Set(ids)];
  await ctx.db.transaction().execute(async (trx) => {
    const own = await findOwnThreadIds(trx, orgId, caller.id, threadIds);
    if (own.size !== threadIds.length) throw notFound('One of the threads is not in your folders; nothing was changed');
    if (action === 'read') await markStubsRead(trx, orgId, caller.id, threadIds, new Date().toISOString());
    else if (action === 'unread') await markLatestStubsUnread(trx, orgId, caller.id, threadIds);
    else await moveStubs(trx, orgId, caller.id, threadIds, action);
  });
  await announceThreadsChanged(ctx.services.events, orgId, [caller.id], threadIds.length === 1 ? threadIds[0] : null);
  return { updated: threadIds.length };
}
