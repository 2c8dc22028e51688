import { sql, SqliteAdapter } from 'kysely';
import type { Database } from '../../db/database';
import { scopedToOrg } from '../../db/scope';
import type { PostRowStatus } from '../../db/types-posts';
import { notAnUnapprovedRegistrant } from '../../policy/registrants.sql';
import { authorLanguageOf } from './posts.language.queries';

/**
 * Recipients per INSERT … SELECT. SQLite binds one parameter per id (well inside its limit);
 * PostgreSQL gets the batch as one array parameter, which it plans far faster than thousands of them.
 */
const STUB_BATCH = 5000;

/** The columns of a post row that delivery and drafts write (settings as 0/1, audience and quotes as JSON). */
export interface PostContentRow {
  type: string;
  title: string;
  description: string;
  audience: string;
  quotes: string;
  reply_to_id: number | null;
  highlight: number;
  notifications: number;
  recipients_visible: number;
  replies: 'off' | 'author' | 'all';
  forward: number;
  publish_date: string | null;
  expiration_date: string | null;
  /** Set when the request names it; a new post without it takes its author's language (insertPost), a saved one keeps its own. */
  language?: string;
}

export async function insertThread(db: Database, orgId: number, now: string): Promise<number> {
  const row = await db.insertInto('threads').values({ org_id: orgId, first_post_id: null, created_at: now }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function setThreadFirstPost(db: Database, orgId: number, threadId: number, postId: number): Promise<void> {
  await db.updateTable('threads').set({ first_post_id: postId }).where(scopedToOrg(orgId)).where('id', '=', threadId).execute();
}

export async function insertPost(
  db: Database,
  values: PostContentRow & { org_id: number; thread_id: number; author_id: number; status: PostRowStatus; created_at: string },
): Promise<number> {
  const language = values.language ?? (await authorLanguageOf(db, values.org_id, values.author_id));
  const row = await db
    .insertInto('posts')
    .values({ ...values, language, updated_at: values.created_at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Moves the author's post from one of the statuses `from` to `to` with `content`: publishing a draft or
 * scheduled post, or scheduling a draft. Answers its thread, or null when it is not (or no longer) in
 * one of those statuses: of concurrent publishes of one draft, exactly one finds it still unpublished
 * (the row lock decides on PostgreSQL, the single writer on SQLite).
 */
export async function advanceOwnPost(
  db: Database,
  orgId: number,
  authorId: number,
  postId: number,
  change: { from: readonly PostRowStatus[]; to: PostRowStatus; content: PostContentRow; now: string },
): Promise<number | null> {
  const row = await db
    .updateTable('posts')
    .set({ ...change.content, status: change.to, updated_at: change.now })
    .where(scopedToOrg(orgId))
    .where('id', '=', postId)
    .where('author_id', '=', authorId)
    .where('status', 'in', change.from)
    .returning('thread_id')
    .executeTakeFirst();
  return row?.thread_id ?? null;
}

/**
 * One stub per person of `personIds` who is a person of the school, in multi-row INSERT … SELECT
 * batches (10,000 recipients are two statements). Ids of other schools or of nobody, and people whose
 * registration is not approved, add nothing.
 * Answers how many stubs were written.
 */
export async function insertStubs(
  db: Database,
  orgId: number,
  post: { id: number; threadId: number },
  personIds: readonly number[],
  now: string,
): Promise<number> {
  let written = 0;
  const isSqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  for (let i = 0; i < personIds.length; i += STUB_BATCH) {
    const batch = personIds.slice(i, i + STUB_BATCH);
    const inBatch = isSqlite ? sql<boolean>`people.id in (${sql.join(batch)})` : sql<boolean>`people.id = any(cast(${batch} as integer[]))`;
    const result = await db
      .insertInto('stubs')
      .columns(['org_id', 'person_id', 'post_id', 'thread_id', 'delivered_at'])
      .expression(
        db
          .selectFrom('people')
          .select([
            'people.org_id',
            'people.id',
            sql<number>`cast(${post.id} as integer)`.as('post_id'),
            sql<number>`cast(${post.threadId} as integer)`.as('thread_id'),
            sql<string>`cast(${now} as text)`.as('delivered_at'),
          ])
          .where(scopedToOrg(orgId, 'people'))
          .where(inBatch)
          .where(notAnUnapprovedRegistrant(orgId)),
      )
      .executeTakeFirst();
    written += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return written;
}

export async function setAudienceCount(db: Database, orgId: number, postId: number, count: number): Promise<void> {
  await db.updateTable('posts').set({ audience_count: count }).where(scopedToOrg(orgId)).where('id', '=', postId).execute();
}

/** The recipients of a post and its thread (what post.delivered announces). */
export async function findDelivery(db: Database, orgId: number, postId: number): Promise<{ threadId: number; personIds: number[] } | null> {
  const post = await db.selectFrom('posts').select('thread_id').where(scopedToOrg(orgId)).where('id', '=', postId).where('status', '=', 'published').executeTakeFirst();
  if (!post) return null;
  const rows = await db.selectFrom('stubs').select('person_id').where(scopedToOrg(orgId)).where('post_id', '=', postId).execute();
  return { threadId: post.thread_id, personIds: rows.map((r) => r.person_id) };
}

/** Moves the stubs of `threadId` held by `personIds` back to the feed folder (a new post arrived in it). */
export async function returnThreadToFeed(db: Database, orgId: number, threadId: number, personIds: readonly number[]): Promise<void> {
  for (let i = 0; i < personIds.length; i += STUB_BATCH) {
    await db
      .updateTable('stubs')
      .set({ folder: 'feed' })
      .where(scopedToOrg(orgId))
      .where('thread_id', '=', threadId)
      .where('person_id', 'in', personIds.slice(i, i + STUB_BATCH))
      .where('folder', '<>', 'feed')
      .execute();
  }
}
