import { BLOCKS_PER_POST_MAX, type BlockInput, type BlockType, type BlockUpdate, BLOCK_TYPES, type ZBlock } from '@patio/core';
import type { z } from 'zod';
import type { RequestContext } from '../../http/context';
import { HttpError, notFound } from '../../http/errors';
import { requireCaller } from '../../http/school-scope';
import { imageProxyFor, proxiedBlockUrl } from '../proxy/index';
import { checkBlockUrl } from './block-urls';
import { deletePostBlock, findPostBlock, findPostBlocks, insertPostBlock, lockPost, type PostBlockRow, setBlockPositions, updatePostBlock } from './blocks.queries';

// A post's ordered blocks (spec §4 Block lifecycle): the author adds, changes, moves and removes them
// while composing, and still may once the post is out. Each change runs in one transaction under the
// post's lock, so parallel requests never pass the cap nor leave two blocks at one position.

type Block = z.infer<typeof ZBlock>;

const known = new Set<string>(BLOCK_TYPES);
const noBlock = () => notFound('This post has no such block');
const noPost = () => notFound('There is no such post in this school');

/**
 * A stored block as the API shows it (options that do not parse show as none); an image of another
 * site also with the signed /proxy/ address it is shown from (decision 028).
 */
function toBlock(ctx: RequestContext, row: PostBlockRow): Block {
  let options: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(row.options);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) options = parsed as Record<string, unknown>;
  } catch {
    // Shown with no options.
  }
  const proxiedUrl = proxiedBlockUrl(row, imageProxyFor(ctx.services.config, ctx.origin));
  return { id: row.id, type: row.type as BlockType, url: row.url, options, ...(proxiedUrl !== undefined ? { proxiedUrl } : {}) };
}

function urlContext(ctx: RequestContext, postId: number) {
  return { db: ctx.db, caller: requireCaller(ctx), orgCode: ctx.org.code, orgId: ctx.org.id, origin: ctx.origin, postId };
}

/** GET posts/{id}/blocks: in their order. */
export async function listBlocks(ctx: RequestContext, postId: number): Promise<Block[]> {
  return (await findPostBlocks(ctx.db, ctx.org.id, postId)).filter((r) => known.has(r.type)).map((row) => toBlock(ctx, row));
}

/** POST posts/{id}/blocks: a new block after the others; 409 `too_many_blocks` at the cap. */
export async function addBlock(ctx: RequestContext, postId: number, input: BlockInput): Promise<Block> {
  const caller = requireCaller(ctx);
  const url = await checkBlockUrl(urlContext(ctx, postId), input.type, input.url);
  const options = JSON.stringify(input.options ?? {});
  const row = await ctx.db.transaction().execute(async (trx) => {
    const post = await lockPost(trx, ctx.org.id, postId, ctx.services.dialect);
    if (!post || post.author_id !== caller.id) throw noPost();
    const blocks = await findPostBlocks(trx, ctx.org.id, postId);
    if (blocks.length >= BLOCKS_PER_POST_MAX) throw new HttpError(409, 'too_many_blocks', `A post holds at most ${BLOCKS_PER_POST_MAX} blocks`);
    const position = blocks.length === 0 ? 0 : blocks[blocks.length - 1].position + 1;
    const values = { org_id: ctx.org.id, post_id: postId, position, type: input.type, url, options };
    return { ...values, id: await insertPostBlock(trx, values) };
  });
  return toBlock(ctx, row);
}

/** The order after moving `blockId` to index `to` (clamped), as the positions that change. */
function movesFor(blocks: readonly PostBlockRow[], blockId: number, to: number): { id: number; position: number }[] {
  const order = blocks.filter((b) => b.id !== blockId);
  const moving = blocks.find((b) => b.id === blockId);
  if (moving) order.splice(Math.min(Math.max(to, 0), order.length), 0, moving);
  return order.map((b, position) => ({ id: b.id, position, was: b.position })).filter((m) => m.position !== m.was).map(({ id, position }) => ({ id, position }));
}

/** PUT posts/{id}/blocks/{blockId}: a new url or options, and/or a move to a 0-based index (the others shift). */
export async function updateBlock(ctx: RequestContext, postId: number, blockId: number, change: BlockUpdate): Promise<Block> {
  const caller = requireCaller(ctx);
  const before = await findPostBlock(ctx.db, ctx.org.id, postId, blockId);
  if (!before) throw noBlock();
  // Checked before the transaction: the check reads, and SQLite has one connection.
  const url = change.url === undefined ? undefined : await checkBlockUrl(urlContext(ctx, postId), before.type as BlockType, change.url);
  const row = await ctx.db.transaction().execute(async (trx) => {
    const post = await lockPost(trx, ctx.org.id, postId, ctx.services.dialect);
    if (!post || post.author_id !== caller.id) throw noPost();
    if (!(await findPostBlock(trx, ctx.org.id, postId, blockId))) throw noBlock();
    await updatePostBlock(trx, ctx.org.id, blockId, {
      ...(url !== undefined ? { url } : {}),
      ...(change.options !== undefined ? { options: JSON.stringify(change.options) } : {}),
    });
    if (change.position !== undefined) await setBlockPositions(trx, ctx.org.id, movesFor(await findPostBlocks(trx, ctx.org.id, postId), blockId, change.position));
    return (await findPostBlock(trx, ctx.org.id, postId, blockId))!;
  });
  return toBlock(ctx, row);
}

/** DELETE posts/{id}/blocks/{blockId}: the others close the gap. What the block pointed at stays (its owner removes it). */
export async function removeBlock(ctx: RequestContext, postId: number, blockId: number): Promise<void> {
  const caller = requireCaller(ctx);
  await ctx.db.transaction().execute(async (trx) => {
    const post = await lockPost(trx, ctx.org.id, postId, ctx.services.dialect);
    if (!post || post.author_id !== caller.id) throw noPost();
    if (!(await deletePostBlock(trx, ctx.org.id, postId, blockId))) throw noBlock();
    const rest = await findPostBlocks(trx, ctx.org.id, postId);
    await setBlockPositions(trx, ctx.org.id, rest.map((b, position) => ({ id: b.id, position, was: b.position })).filter((m) => m.position !== m.was));
  });
}
