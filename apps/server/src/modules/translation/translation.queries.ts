import type { Database } from '../../db/database';
import { scopedToOrg } from '../../db/scope';

/** The text of a post that a translation starts from. */
export async function findPostSource(db: Database, orgId: number, postId: number) {
  return (
    (await db.selectFrom('posts').select(['id', 'title', 'description', 'language']).where(scopedToOrg(orgId)).where('id', '=', postId).executeTakeFirst()) ??
    null
  );
}

/** The stored translation of a post into `language`, whatever source it was made from. */
export async function findTranslation(db: Database, orgId: number, postId: number, language: string) {
  return (
    (await db
      .selectFrom('post_translations')
      .select(['title', 'description', 'source_hash'])
      .where(scopedToOrg(orgId))
      .where('post_id', '=', postId)
      .where('language', '=', language)
      .executeTakeFirst()) ?? null
  );
}

/** Stores a translation, replacing one made from an older text of the post. */
export async function saveTranslation(
  db: Database,
  row: { orgId: number; postId: number; language: string; sourceHash: string; title: string; description: string },
): Promise<void> {
  const values = { source_hash: row.sourceHash, title: row.title, description: row.description, created_at: new Date().toISOString() };
  await db
    .insertInto('post_translations')
    .values({ org_id: row.orgId, post_id: row.postId, language: row.language, ...values })
    .onConflict((oc) => oc.columns(['org_id', 'post_id', 'language']).doUpdateSet(values))
    .execute();
}
