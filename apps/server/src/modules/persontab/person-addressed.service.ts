import type { AddressedPosts, ZPersonPostsQuery } from '@patio/core';
import type { z } from 'zod';
import type { RequestContext } from '../../http/context';
import { requireCaller } from '../../http/school-scope';
import { listExcerpt } from '../posts/index';
import { readerKindOf } from '../threads/index';
import { findAddressedPage } from './person-addressed.queries';

/**
 * GET people/{id}/addressed: the posts that reached person {id} and that the caller may read too,
 * newest first. Whether the person read one is the author's and the administrators' to know (as the
 * sent list's receipts); for anyone else it is null.
 */
export async function listAddressed(ctx: RequestContext, personId: number, query: z.output<typeof ZPersonPostsQuery>): Promise<AddressedPosts> {
  const caller = requireCaller(ctx);
  const { rows, total } = await findAddressedPage(
    ctx.db,
    { orgId: ctx.org.id, personId, viewer: { id: caller.id, kind: readerKindOf(caller) }, list: query.list, now: new Date().toISOString() },
    { offset: (query.page - 1) * query.limit, limit: query.limit },
  );
  return {
    items: rows.map((r) => ({
      postId: r.id,
      threadId: r.thread_id,
      type: r.type,
      title: r.title,
      excerpt: listExcerpt(r.head),
      author: { id: r.author_id, firstName: r.first_name, lastName: r.last_name },
      publishDate: r.publish_date ?? '',
      read: caller.isAdmin || r.author_id === caller.id ? r.read_date !== null : null,
    })),
    total,
  };
}
