import type { Database } from '../../db/database';
import { scopedToOrg } from '../../db/scope';

/** Changes a published post's title and description in place; false when it is no published post of the school. */
export async function updatePublishedContent(db: Database, orgId: number, postId: number, content: { title: string; description: string }): Promise<boolean> {
  const result = await db
    .updateTable('posts')
    .set({ ...content, updated_at: new Date().toISOString() })
    .where(scopedToOrg(orgId))
    .where('id', '=', postId)
    .where('status', '=', 'published')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export interface RecipientReply {
  /** The post replied to (the thread's post given). */
  postId: number;
  authorId: number;
  /** Sanitised HTML. */
  description: string;
  publishDate: string | null;
}

/**
 * The published replies in the threads of some posts written by people holding a stub of that post
 * (its recipients), oldest first: a family's answers to a post it received.
 */
export async function findRecipientReplies(db: Database, orgId: number, postIds: readonly number[]): Promise<RecipientReply[]> {
  if (postIds.length === 0) return [];
  const rows = await db
    .selectFrom('posts as first')
    .innerJoin('posts as reply', (j) => j.onRef('reply.org_id', '=', 'first.org_id').onRef('reply.thread_id', '=', 'first.thread_id').onRef('reply.id', '<>', 'first.id'))
    .innerJoin('stubs', (j) => j.onRef('stubs.org_id', '=', 'first.org_id').onRef('stubs.post_id', '=', 'first.id').onRef('stubs.person_id', '=', 'reply.author_id'))
    .select(['first.id as post_id', 'reply.author_id', 'reply.description', 'reply.publish_date'])
    .where(scopedToOrg(orgId, 'first'))
    .where(scopedToOrg(orgId, 'reply'))
    .where('first.id', 'in', [...postIds])
    .where('reply.status', '=', 'published')
    .orderBy('reply.id')
    .execute();
  return rows.map((r) => ({ postId: r.post_id, authorId: r.author_id, description: r.description, publishDate: r.publish_date }));
}
