import { compiledQuery } from '../../db/compiled-query';
import type { Database, DialectName } from '../../db/database';
import { scopedToOrg } from '../../db/scope';

// The ordered blocks of a post (post_blocks, migration 012) and what their urls point at.

export interface PostBlockRow {
  id: number;
  post_id: number;
  position: number;
  type: string;
  url: string | null;
  options: string;
}

const blockColumns = ['id', 'post_id', 'position', 'type', 'url', 'options'] as const;

/** A post's author and status; null when the school has no such post. */
export async function findPostAuthor(db: Database, orgId: number, postId: number): Promise<{ author_id: number; status: string } | null> {
  return (await db.selectFrom('posts').select(['author_id', 'status']).where(scopedToOrg(orgId)).where('id', '=', postId).executeTakeFirst()) ?? null;
}

/**
 * The post's row, held until the transaction ends on PostgreSQL, so changes to one post's blocks
 * (the 50-block cap, positions) run one after the other. SQLite needs no lock: Kysely runs its
 * transactions one at a time. Null when the post is gone.
 */
export async function lockPost(trx: Database, orgId: number, postId: number, dialect: DialectName): Promise<{ author_id: number } | null> {
  const query = trx.selectFrom('posts').select('author_id').where(scopedToOrg(orgId)).where('id', '=', postId);
  return (await (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst()) ?? null;
}

/** A post's blocks in their order. */
export async function findPostBlocks(db: Database, orgId: number, postId: number): Promise<PostBlockRow[]> {
  return db.selectFrom('post_blocks').select(blockColumns).where(scopedToOrg(orgId)).where('post_id', '=', postId).orderBy('position').orderBy('id').execute();
}

/** One block of a post; null when that post has no such block. */
export async function findPostBlock(db: Database, orgId: number, postId: number, blockId: number): Promise<PostBlockRow | null> {
  return (
    (await db.selectFrom('post_blocks').select(blockColumns).where(scopedToOrg(orgId)).where('post_id', '=', postId).where('id', '=', blockId).executeTakeFirst()) ?? null
  );
}

export async function insertPostBlock(db: Database, row: { org_id: number; post_id: number; position: number; type: string; url: string | null; options: string }): Promise<number> {
  const { id } = await db.insertInto('post_blocks').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updatePostBlock(db: Database, orgId: number, blockId: number, values: { url?: string | null; options?: string }): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await db.updateTable('post_blocks').set(values).where(scopedToOrg(orgId)).where('id', '=', blockId).execute();
}

/** Writes the positions that changed. */
export async function setBlockPositions(db: Database, orgId: number, moves: readonly { id: number; position: number }[]): Promise<void> {
  for (const { id, position } of moves) {
    await db.updateTable('post_blocks').set({ position }).where(scopedToOrg(orgId)).where('id', '=', id).execute();
  }
}

export async function deletePostBlock(db: Database, orgId: number, postId: number, blockId: number): Promise<boolean> {
  const result = await db.deleteFrom('post_blocks').where(scopedToOrg(orgId)).where('post_id', '=', postId).where('id', '=', blockId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

// Asked whenever someone other than its owner opens or answers a form or html item: compiled once.
const postIdsCarrying = compiledQuery((db, p: { orgId: number; url: string }) =>
  db.selectFrom('post_blocks').select('post_id').distinct().where(scopedToOrg(p.orgId)).where('url', '=', p.url),
);

/** The posts of the school with a block whose url is exactly `url` (a form's or an html item's). */
export async function findPostIdsCarrying(db: Database, orgId: number, url: string): Promise<number[]> {
  const rows = await postIdsCarrying.execute(db, { orgId, url });
  return rows.map((r) => r.post_id);
}

/** The owner of a form or html item of the school; null when there is none with that id. */
export async function findItemOwner(db: Database, orgId: number, table: 'form_entities' | 'html_media', id: number): Promise<number | null> {
  const row = await db.selectFrom(table).select('owner_id').where(scopedToOrg(orgId)).where('id', '=', id).executeTakeFirst();
  return row?.owner_id ?? null;
}
