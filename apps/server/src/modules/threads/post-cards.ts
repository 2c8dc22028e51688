import type { Language, Post, PostTypeKey, QuotedPost } from '@patio/core';
import { ZBlock } from '@patio/core';
import type { RequestContext } from '../../http/context';
import type { Caller } from '../../policy/policy';
import { findPostEvents, postAccess } from '../posts/index';
import { type ImageAddressMapper, imageProxyFor, proxiedBlockUrl, withProxiedImages } from '../proxy/index';
import { toAuthor } from './post-author';
import { type BlockRow, findBlocks, findPostCardRows, type PostCardRow } from './post-cards.queries';

// Post cards (spec §2 Post card, §3 Post) for the thread view, GET posts/{id} and highlights: the
// author, audience, settings, blocks in order and the quoted posts the caller may read.

/** A post is expired once its expiration date has passed: it takes no more replies. */
export function isExpired(expirationDate: string | null, now = Date.now()): boolean {
  return expirationDate !== null && Date.parse(expirationDate) <= now;
}

function parseIds(json: string): number[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((id): id is number => Number.isInteger(id) && id > 0) : [];
  } catch {
    return [];
  }
}

const blockTypes = new Set<string>(ZBlock.shape.type.options);

function toBlock(row: BlockRow, images: ImageAddressMapper): Post['blocks'][number] | null {
  if (!blockTypes.has(row.type)) return null;
  let options: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(row.options);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) options = parsed as Record<string, unknown>;
  } catch {
    // A block whose options do not parse is shown with none.
  }
  // Another site's picture reaches readers through /proxy/ (decision 028).
  const proxiedUrl = proxiedBlockUrl(row, images);
  return { id: row.id, type: row.type as Post['blocks'][number]['type'], url: row.url, options, ...(proxiedUrl !== undefined ? { proxiedUrl } : {}) };
}

function toQuoted(ctx: RequestContext, row: PostCardRow, images: ImageAddressMapper): QuotedPost {
  return {
    id: row.id,
    type: row.type as PostTypeKey,
    title: row.title,
    description: withProxiedImages(row.description, images),
    author: toAuthor(ctx, row),
    publishDate: row.publish_date ?? row.created_at,
    thread: row.thread_id,
  };
}

/** Cards of `rows`, in their order, for `caller`: quotes the caller may not read are left out. */
export async function buildPostCards(ctx: RequestContext, caller: Caller, rows: readonly PostCardRow[]): Promise<Post[]> {
  if (rows.length === 0) return [];
  const orgId = ctx.org.id;
  // Pictures of other sites are signed into /proxy/ addresses as they are answered (decision 028).
  const images = imageProxyFor(ctx.services.config, ctx.origin);
  const blocks = new Map<number, Post['blocks']>();
  for (const row of await findBlocks(ctx.db, orgId, rows.map((r) => r.id))) {
    const block = toBlock(row, images);
    if (!block) continue;
    blocks.set(row.post_id, [...(blocks.get(row.post_id) ?? []), block]);
  }
  const quoteIds = new Map(rows.map((r) => [r.id, parseIds(r.quotes)]));
  const wanted = [...new Set([...quoteIds.values()].flat())];
  const readable = wanted.length > 0 ? await postAccess.visible(ctx.db, caller, wanted) : new Set<number>();
  const quoted = new Map((await findPostCardRows(ctx.db, orgId, [...readable])).map((r) => [r.id, toQuoted(ctx, r, images)]));
  const events = await findPostEvents(ctx.db, orgId, rows.map((r) => r.event_id));
  const now = Date.now();
  return rows.map((row) => ({
    id: row.id,
    type: row.type as PostTypeKey,
    title: row.title,
    description: withProxiedImages(row.description, images),
    author: toAuthor(ctx, row),
    publishDate: row.publish_date ?? row.created_at,
    expirationDate: row.expiration_date,
    expired: isExpired(row.expiration_date, now),
    audienceCount: row.audience_count,
    settings: {
      highlight: row.highlight === 1,
      notifications: row.notifications === 1,
      recipientsVisible: row.recipients_visible === 1,
      replies: row.replies,
      forward: row.forward === 1,
    },
    blocks: blocks.get(row.id) ?? [],
    quotes: (quoteIds.get(row.id) ?? []).flatMap((id) => quoted.get(id) ?? []),
    replyTo: row.reply_to_id,
    event: events.get(row.event_id ?? 0) ?? null,
    thread: row.thread_id,
    status: row.status,
    language: row.language as Language,
  }));
}
