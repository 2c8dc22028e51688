import type { Database } from '../../db/database';
import { scopedToOrg } from '../../db/scope';
import type { PostContentRow } from './posts.delivery.queries';

const draftColumns = [
  'id', 'thread_id', 'author_id', 'status', 'type', 'title', 'description', 'audience', 'quotes', 'highlight', 'notifications',
  'recipients_visible', 'replies', 'forward', 'publish_date', 'expiration_date', 'updated_at', 'event_id', 'language',
] as const;

/** A post row as drafts and publishing read it. */
export type PostRecord = NonNullable<Awaited<ReturnType<typeof findPostRecord>>>;

/** A post of the school by id, whatever its status and author; null when the school has none with that id. */
export async function findPostRecord(db: Database, orgId: number, id: number) {
  return (await db.selectFrom('posts').select(draftColumns).where(scopedToOrg(orgId)).where('id', '=', id).executeTakeFirst()) ?? null;
}

export async function countDrafts(db: Database, orgId: number, authorId: number): Promise<number> {
  const { n } = await db
    .selectFrom('posts')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where(scopedToOrg(orgId))
    .where('author_id', '=', authorId)
    .where('status', '=', 'draft')
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** The author's drafts, last saved first. */
export async function findDrafts(db: Database, orgId: number, authorId: number, page: { offset: number; limit: number }) {
  return db
    .selectFrom('posts')
    .select(draftColumns)
    .where(scopedToOrg(orgId))
    .where('author_id', '=', authorId)
    .where('status', '=', 'draft')
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}

/** Replaces a draft's content; false when it is not (or no longer) a draft of that author. */
export async function updateDraft(db: Database, orgId: number, authorId: number, id: number, content: PostContentRow, now: string): Promise<boolean> {
  const result = await db
    .updateTable('posts')
    .set({ ...content, updated_at: now })
    .where(scopedToOrg(orgId))
    .where('id', '=', id)
    .where('author_id', '=', authorId)
    .where('status', '=', 'draft')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes a draft with its blocks and its thread (a draft's thread holds nothing else); false when it is not a draft of that author. */
export async function deleteDraft(db: Database, orgId: number, authorId: number, id: number): Promise<boolean> {
  const draft = await db
    .selectFrom('posts')
    .select('thread_id')
    .where(scopedToOrg(orgId))
    .where('id', '=', id)
    .where('author_id', '=', authorId)
    .where('status', '=', 'draft')
    .executeTakeFirst();
  if (!draft) return false;
  await db.deleteFrom('post_blocks').where(scopedToOrg(orgId)).where('post_id', '=', id).execute();
  const deleted = await db.deleteFrom('posts').where(scopedToOrg(orgId)).where('id', '=', id).where('status', '=', 'draft').executeTakeFirst();
  if (Number(deleted.numDeletedRows) !== 1) return false;
  await db
    .deleteFrom('threads')
    .where(scopedToOrg(orgId))
    .where('id', '=', draft.thread_id)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('posts').select('posts.id').where('posts.org_id', '=', orgId).whereRef('posts.thread_id', '=', 'threads.id'))))
    .execute();
  return true;
}
