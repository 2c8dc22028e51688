import type { Database } from '../../db/database';
import { scopedToOrg } from '../../db/scope';
import { heldBy } from './posts.access.sql';

// Who else received a post (GET posts/{id}/recipients): names and avatars only. Read state is left
// out on purpose: receipts are the author's and administrators' (decision 010).

export interface RecipientsRight {
  author_id: number;
  status: 'draft' | 'scheduled' | 'published';
  recipients_visible: number;
  /** The person asking holds a stub of it. */
  received: number;
}

/** What decides who may list a post's recipients; null when the school has no post with that id. */
export async function findRecipientsRight(db: Database, orgId: number, postId: number, personId: number): Promise<RecipientsRight | null> {
  const row = await db
    .selectFrom('posts')
    .select((eb) => [
      'posts.author_id',
      'posts.status',
      'posts.recipients_visible',
      heldBy(eb, orgId, personId).as('received'),
    ])
    .where(scopedToOrg(orgId, 'posts'))
    .where('posts.id', '=', postId)
    .executeTakeFirst();
  return row ? { ...row, recipients_visible: Number(row.recipients_visible), received: Number(row.received) } : null;
}

function recipientsOf(db: Database, orgId: number, postId: number) {
  return db
    .selectFrom('stubs')
    .innerJoin('people', (j) => j.onRef('people.org_id', '=', 'stubs.org_id').onRef('people.id', '=', 'stubs.person_id'))
    .where(scopedToOrg(orgId, 'stubs'))
    .where('stubs.post_id', '=', postId);
}

export async function countRecipients(db: Database, orgId: number, postId: number): Promise<number> {
  const { n } = await recipientsOf(db, orgId, postId)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** A page of a post's recipients as cards, in name order ("last name, first name"). */
export async function findRecipients(db: Database, orgId: number, postId: number, page: { offset: number; limit: number }) {
  return recipientsOf(db, orgId, postId)
    .select(['people.id', 'people.first_name', 'people.last_name', 'people.last_name2', 'people.avatar'])
    .orderBy('people.sort_key')
    .orderBy('people.id')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
}
