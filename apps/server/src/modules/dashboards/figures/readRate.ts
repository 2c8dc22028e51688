import { addDays, midnightOf } from '@patio/core/calendar/times';
import { countReceipts, findReadablePublished, postFilter } from '../../posts/index';
import type { Figure } from './figure';

// A post's read rate (issue 36 §2): one post (`postId`), or the latest `limit` posts of a type
// published in the period (`postType`). Only published posts the viewer may read count (postAccess:
// its author, its recipients, administrators); any other post — a draft, another school's, one not
// addressed to the viewer — is simply not in the answer, so the block says nothing of it. Who read a
// post is its author's and the administrators' to know (GET posts/{id}/stubs/counts), so other staff
// see only their own posts' rates. Recipients and readers are counted as stubs/counts counts them.

const isoOf = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString();

export const readRateFigure: Figure<'readRate'> = async (ctx, request) => {
  const { postId, postType, limit } = request.block.options;
  const readable = postFilter(ctx.caller);
  const authorId = ctx.caller.isAdmin ? null : ctx.caller.id;
  let rows: Awaited<ReturnType<typeof findReadablePublished>> = [];
  if (postId !== null) rows = await findReadablePublished(ctx.db, ctx.org.id, readable, { postId }, authorId);
  else if (postType !== null) {
    const start = isoOf(midnightOf(request.from, request.timeZone));
    const end = isoOf(midnightOf(addDays(request.to, 1), request.timeZone));
    rows = await findReadablePublished(ctx.db, ctx.org.id, readable, { type: postType, start, end, limit }, authorId);
  }
  const posts = await Promise.all(
    rows.map(async (row) => {
      const { total, read } = await countReceipts(ctx.db, ctx.org.id, row.id);
      return {
        id: row.id,
        title: row.title,
        type: row.type,
        publishedAt: row.publish_date === null ? 0 : Date.parse(row.publish_date),
        recipients: total,
        read,
        rate: total === 0 ? null : read / total,
      };
    }),
  );
  return { kind: 'readRate', posts };
};
