import { type ExpressionBuilder, sql } from 'kysely';
import type { Database } from '../../db/database';
import { scopedToOrg } from '../../db/scope';
import type { DB } from '../../db/types';
import type { AccessFilter } from '../../policy/access';
import { searchKeyContains } from '../people/index';

/** The posts an author sent or scheduled (not replies, which live in their threads), with their read receipts. */
function sentPosts(db: Database, orgId: number, authorId: number) {
  return db
    .selectFrom('posts')
    .where(scopedToOrg(orgId, 'posts'))
    .where('posts.author_id', '=', authorId)
    .where('posts.status', 'in', ['published', 'scheduled'])
    .where('posts.reply_to_id', 'is', null);
}

export async function countSent(db: Database, orgId: number, authorId: number): Promise<number> {
  const { n } = await sentPosts(db, orgId, authorId)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** A page of the author's sent posts, newest publish date first, each with how many recipients read it. */
export async function findSent(db: Database, orgId: number, authorId: number, page: { offset: number; limit: number }) {
  const rows = await sentPosts(db, orgId, authorId)
    .select((eb) => [
      'posts.id', 'posts.thread_id', 'posts.type', 'posts.title', 'posts.description', 'posts.publish_date', 'posts.status', 'posts.audience_count',
      eb
        .selectFrom('stubs')
        .select(sql<number | string>`count(*)`.as('n'))
        .where('stubs.org_id', '=', orgId)
        .whereRef('stubs.post_id', '=', 'posts.id')
        .where('stubs.read_date', 'is not', null)
        .as('read_count'),
    ])
    .orderBy('posts.publish_date', 'desc')
    .orderBy('posts.id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return rows.map((r) => ({ ...r, read_count: Number(r.read_count ?? 0) }));
}

export interface StubFilter {
  status: 'read' | 'unread' | 'any';
  q?: string;
}

/** The stubs of a post joined to their people, filtered by read state and a part of the name. */
function stubsOf(db: Database, orgId: number, postId: number, filter: StubFilter) {
  let query = db
    .selectFrom('stubs')
    .innerJoin('people', (j) => j.onRef('people.org_id', '=', 'stubs.org_id').onRef('people.id', '=', 'stubs.person_id'))
    .where(scopedToOrg(orgId, 'stubs'))
    .where('stubs.post_id', '=', postId);
  if (filter.status === 'read') query = query.where('stubs.read_date', 'is not', null);
  if (filter.status === 'unread') query = query.where('stubs.read_date', 'is', null);
  const q = filter.q?.trim();
  if (q) query = query.where(() => searchKeyContains('names', q));
  return query;
}

export async function countStubs(db: Database, orgId: number, postId: number, filter: StubFilter): Promise<number> {
  const { n } = await stubsOf(db, orgId, postId, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Stubs with their person's card, in name order ("last name, first name"); every one when `page` is absent. */
export async function findStubs(db: Database, orgId: number, postId: number, filter: StubFilter, page?: { offset: number; limit: number }) {
  let query = stubsOf(db, orgId, postId, filter)
    .select(['people.id', 'people.first_name', 'people.last_name', 'people.last_name2', 'people.avatar', 'stubs.folder', 'stubs.read_date'])
    .orderBy('people.sort_key')
    .orderBy('people.id');
  if (page) query = query.offset(page.offset).limit(page.limit);
  return query.execute();
}

/** How many received a post and how many of them read it. */
export async function countReceipts(db: Database, orgId: number, postId: number): Promise<{ total: number; read: number }> {
  const row = await db
    .selectFrom('stubs')
    .select((eb: ExpressionBuilder<DB, 'stubs'>) => [
      eb.fn.countAll<number | string>().as('total'),
      eb.fn.count<number | string>('stubs.read_date').as('read'),
    ])
    .where(scopedToOrg(orgId))
    .where('post_id', '=', postId)
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), read: Number(row.read) };
}

/**
 * Published posts of the school that pass `readable` (postFilter of the viewer), for read rates: post
 * `postId`, or the latest `limit` of `type` published in [start, end) (ISO instants).
 */
export async function findReadablePublished(
  db: Database,
  orgId: number,
  readable: AccessFilter,
  q: { postId: number } | { type: string; start: string; end: string; limit: number },
  authorId: number | null = null,
) {
  let query = db
    .selectFrom('posts')
    .select(['posts.id', 'posts.title', 'posts.type', 'posts.publish_date'])
    .where(scopedToOrg(orgId, 'posts'))
    .where('posts.status', '=', 'published')
    .where(readable('posts.id'));
  if (authorId !== null) query = query.where('posts.author_id', '=', authorId);
  if ('postId' in q) query = query.where('posts.id', '=', q.postId);
  else {
    query = query
      .where('posts.type', '=', q.type)
      .where('posts.publish_date', '>=', q.start)
      .where('posts.publish_date', '<', q.end)
      .orderBy('posts.publish_date', 'desc')
      .orderBy('posts.id', 'desc')
      .limit(q.limit);
  }
  return query.execute();
}

/** Author and status of a post of the school (receipts' rights); null when the school has none with that id. */
export async function findPostOwner(db: Database, orgId: number, postId: number) {
  return (await db.selectFrom('posts').select(['id', 'author_id', 'status', 'title', 'type']).where(scopedToOrg(orgId)).where('id', '=', postId).executeTakeFirst()) ?? null;
}
