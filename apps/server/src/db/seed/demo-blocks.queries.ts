import type { Database } from '../database';
import { scopedToOrg } from '../scope';

/** The first post of `authorId` with this title, or null. */
export async function findPostIdByTitle(db: Database, orgId: number, authorId: number, title: string): Promise<number | null> {
  const row = await db.selectFrom('posts').select('id').where(scopedToOrg(orgId)).where('author_id', '=', authorId).where('title', '=', title).orderBy('id').executeTakeFirst();
  return row?.id ?? null;
}

/** Who holds a stub of the post, by id. */
export async function findStubHolders(db: Database, orgId: number, postId: number): Promise<number[]> {
  const rows = await db.selectFrom('stubs').select('person_id').where(scopedToOrg(orgId)).where('post_id', '=', postId).orderBy('person_id').execute();
  return rows.map((r) => r.person_id);
}
