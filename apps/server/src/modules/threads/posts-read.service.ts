import type { Post, TrailEntry } from '@patio/core';
import type { RequestContext } from '../../http/context';
import { notFound } from '../../http/errors';
import { requireCaller } from '../../http/school-scope';
import { postAccess } from '../posts/index';
import { imageProxyFor, withProxiedImages } from '../proxy/index';
import { findHighlightPage } from './highlights.queries';
import { buildPostCards } from './post-cards';
import { findPostCardRows } from './post-cards.queries';
import { findReplyChain } from './trail.queries';

export const postNotFound = () => notFound('There is no such post, or it is not addressed to you');

/** GET posts/{id}: the card of a post the caller may read (postAccess: drafts and scheduled posts are their author's). */
export async function getPost(ctx: RequestContext, postId: number): Promise<Post> {
  const caller = requireCaller(ctx);
  if (!(await postAccess.visible(ctx.db, caller, [postId])).has(postId)) throw postNotFound();
  const [card] = await buildPostCards(ctx, caller, await findPostCardRows(ctx.db, ctx.org.id, [postId]));
  if (!card) throw postNotFound();
  return card;
}

/**
 * GET posts/{id}/trail (spec §2 Post trail view): the post, then the post it replies to, and so on,
 * at most `limit`; the trail stops before the first post the caller may not read.
 */
export async function getTrail(ctx: RequestContext, postId: number, limit: number): Promise<TrailEntry[]> {
  const caller = requireCaller(ctx);
  const chain = await findReplyChain(ctx.db, ctx.org.id, postId, limit);
  const readable = await postAccess.visible(ctx.db, caller, chain);
  if (!readable.has(postId)) throw postNotFound();
  const stop = chain.findIndex((id) => !readable.has(id));
  const shown = stop === -1 ? chain : chain.slice(0, stop);
  const rows = new Map((await findPostCardRows(ctx.db, ctx.org.id, shown)).map((r) => [r.id, r]));
  const images = imageProxyFor(ctx.services.config, ctx.origin);
  return shown.flatMap((id) => {
    const row = rows.get(id);
    if (!row) return [];
    return [{ id, author: { firstName: row.first_name, lastName: row.last_name }, publishDate: row.publish_date ?? row.created_at, description: withProxiedImages(row.description, images) }];
  });
}

/**
 * GET people/{me}/highlights: the highlighted posts addressed to the caller and not in their trash,
 * and their own highlighted posts, unexpired, newest first.
 */
export async function listHighlights(ctx: RequestContext, page: { page: number; limit: number }): Promise<{ items: Post[]; total: number }> {
  const caller = requireCaller(ctx);
  const { ids, total } = await findHighlightPage(
    ctx.db,
    { orgId: ctx.org.id, personId: caller.id, now: new Date().toISOString() },
    { limit: page.limit, offset: (page.page - 1) * page.limit },
  );
  const rows = new Map((await findPostCardRows(ctx.db, ctx.org.id, ids)).map((r) => [r.id, r]));
  const items = await buildPostCards(ctx, caller, ids.flatMap((id) => rows.get(id) ?? []));
  return { items, total };
}
