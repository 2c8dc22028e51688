import type { ExpressionBuilder, Kysely, SelectQueryBuilder } from 'kysely';
import { compiledQuery } from '../../db/compiled-query';
import type { Database } from '../../db/database';
import { scopedToOrg } from '../../db/scope';
import type { DB } from '../../db/types';
import type { StubFolder } from '../../db/types-posts';
import { foldedContains } from './fold.sql';
import { type ReaderKind, readablePost } from './readable.sql';

// A person's folder lists are their own stubs grouped by thread, read through the index
// stubs(org_id, person_id, folder, thread_id): a page never touches anyone else's stubs, so it costs
// the same with 10,000 or 1,000,000 stubs in the database. The plain page (no filter) is compiled once
// (db/compiled-query.ts); filtered pages are built per request.

/** One thread of a folder page: the caller's stubs of it in that folder. */
export interface FolderThreadRow {
  thread_id: number;
  /** The latest delivered_at of those stubs: the order of the list and what `around` filters. */
  last_delivered: string;
  unread: number | string | null;
}

/** What the filters of spec §3 ask, already turned into values (folded LIKE patterns, instants). */
export interface FolderFilter {
  /** Author of the thread's first post. */
  sender?: number;
  /** Type of the thread's first post. */
  type?: string;
  /** The first post's type is one of these (the school's hidden types, for Hidden messages). */
  typeIn?: string[];
  /** The first post's type is none of these (the inbox leaves the hidden types out). */
  typeNotIn?: string[];
  /** LIKE pattern (folded, escaped with '!') on the first post's title. */
  subject?: string;
  /** LIKE patterns, one per typed word, each on the title or description of one post of the thread the caller may read. */
  words?: string[];
  /** Latest activity at or after `from` and before `until` (ISO instants). */
  activeFrom?: string;
  activeUntil?: string;
  status: 'read' | 'unread' | 'any';
  /** A person who takes part in the thread as far as the caller can tell (withParticipant). */
  with?: number;
}

type FolderParams = { orgId: number; personId: number; folder: StubFolder };
type PageParams = FolderParams & { limit: number; offset: number };

const plainPage = compiledQuery((db: Kysely<DB>, p: PageParams) =>
  db
    .selectFrom('stubs')
    .select((eb) => [
      'stubs.thread_id',
      eb.fn.max('stubs.delivered_at').as('last_delivered'),
      eb.fn.sum<number | string>(eb.case().when('stubs.read_date', 'is', null).then(1).else(0).end()).as('unread'),
    ])
    .where(scopedToOrg(p.orgId, 'stubs'))
    .where('stubs.person_id', '=', p.personId)
    .where('stubs.folder', '=', p.folder)
    .groupBy('stubs.thread_id')
    .orderBy('last_delivered', 'desc')
    .orderBy('stubs.thread_id', 'desc')
    .limit(p.limit)
    .offset(p.offset),
);

const plainCount = compiledQuery((db: Kysely<DB>, p: FolderParams) =>
  db
    .selectFrom('stubs')
    .select((eb) => eb.fn.count<number | string>('stubs.thread_id').distinct().as('n'))
    .where(scopedToOrg(p.orgId, 'stubs'))
    .where('stubs.person_id', '=', p.personId)
    .where('stubs.folder', '=', p.folder),
);

/** Whether a filter asks anything of the thread's first post (author, type, title). */
const asksFirstPost = (f: FolderFilter) => f.sender !== undefined || f.type !== undefined || f.subject !== undefined || f.typeIn !== undefined || f.typeNotIn !== undefined;

const isPlain = (f: FolderFilter) => !asksFirstPost(f) && f.words === undefined && f.with === undefined && f.activeFrom === undefined && f.status === 'any';

/**
 * "The subquery finds a row", as a scalar subquery with LIMIT 1 rather than EXISTS: PostgreSQL may turn
 * an EXISTS into a semi-join that walks every post or thread of the school (its estimate of a text
 * filter is blind), while a scalar subquery runs once per row of the caller's own stubs, each an index
 * lookup by thread. SQLite runs both row by row.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any select list: only whether a row exists is asked
function hasRow(eb: ExpressionBuilder<DB, 'stubs'>, subquery: SelectQueryBuilder<DB, any, { id: number }>) {
  return eb(subquery.limit(1), 'is not', null);
}

/**
 * A post of the stub's thread the caller may read that shows `personId` taking part: written by them,
 * or received by them where the caller may know its recipients (the caller wrote it, or its recipients
 * are shown). Who else got a post is not the caller's to learn from a filter.
 */
function withParticipant(eb: ExpressionBuilder<DB, 'stubs'>, p: FolderParams, kind: ReaderKind, personId: number) {
  return eb
    .selectFrom('posts as part')
    .select('part.id')
    .where('part.org_id', '=', p.orgId)
    .whereRef('part.thread_id', '=', 'stubs.thread_id')
    .where(readablePost(kind, p.orgId, p.personId, 'part'))
    .where((w) =>
      w.or([
        w('part.author_id', '=', personId),
        w.and([
          w.or([w('part.author_id', '=', p.personId), w('part.recipients_visible', '=', 1)]),
          w.exists(
            w
              .selectFrom('stubs as part_stub')
              .select('part_stub.id')
              .where('part_stub.org_id', '=', p.orgId)
              .whereRef('part_stub.post_id', '=', 'part.id')
              .where('part_stub.person_id', '=', personId),
          ),
        ]),
      ]),
    );
}

/** The caller's stubs of `folder` grouped by thread, with the filters: the base of a filtered page and its count. */
function filteredThreads(db: Database, p: FolderParams, kind: ReaderKind, f: FolderFilter) {
  let query = db
    .selectFrom('stubs')
    .select((eb) => [
      'stubs.thread_id',
      eb.fn.max('stubs.delivered_at').as('last_delivered'),
      eb.fn.sum<number | string>(eb.case().when('stubs.read_date', 'is', null).then(1).else(0).end()).as('unread'),
    ])
    .where(scopedToOrg(p.orgId, 'stubs'))
    .where('stubs.person_id', '=', p.personId)
    .where('stubs.folder', '=', p.folder);
  if (asksFirstPost(f)) {
    // The first post's filters ask about each of the caller's threads, looked up by id: the caller's
    // stubs lead, whatever the school holds (a row-by-row subquery; see hasRow).
    query = query.where((eb) => {
      let first = eb
        .selectFrom('threads')
        .innerJoin('posts as first', (join) => join.onRef('first.org_id', '=', 'threads.org_id').onRef('first.id', '=', 'threads.first_post_id'))
        .select('first.id')
        .where('threads.org_id', '=', p.orgId)
        .whereRef('threads.id', '=', 'stubs.thread_id');
      if (f.sender !== undefined) first = first.where('first.author_id', '=', f.sender);
      if (f.type !== undefined) first = first.where('first.type', '=', f.type);
      if (f.typeIn !== undefined) first = first.where('first.type', 'in', f.typeIn);
      if (f.typeNotIn !== undefined) first = first.where('first.type', 'not in', f.typeNotIn);
      if (f.subject !== undefined) first = first.where(foldedContains(db, 'first.title', f.subject));
      return hasRow(eb, first);
    });
  }
  if (f.words !== undefined) {
    const words = f.words;
    // Only posts the caller may read answer the text: a reply meant for others never reveals itself.
    // Word by word, because the description is markup: "museo del oro" is "<strong>Museo</strong> del Oro".
    query = query.where((eb) =>
      hasRow(
        eb,
        eb
          .selectFrom('posts as matched')
          .select('matched.id')
          .where('matched.org_id', '=', p.orgId)
          .whereRef('matched.thread_id', '=', 'stubs.thread_id')
          .where(readablePost(kind, p.orgId, p.personId, 'matched'))
          .where((inner) =>
            inner.and(words.map((word) => inner.or([foldedContains(db, 'matched.title', word), foldedContains(db, 'matched.description', word)]))),
          ),
      ),
    );
  }
  if (f.with !== undefined) {
    const personId = f.with;
    query = query.where((eb) => hasRow(eb, withParticipant(eb, p, kind, personId)));
  }
  query = query.groupBy('stubs.thread_id');
  if (f.activeFrom !== undefined && f.activeUntil !== undefined) {
    query = query.having((eb) => eb.fn.max('stubs.delivered_at'), '>=', f.activeFrom).having((eb) => eb.fn.max('stubs.delivered_at'), '<', f.activeUntil);
  }
  const unread = (eb: ExpressionBuilder<DB, 'stubs'>) => eb.fn.sum(eb.case().when('stubs.read_date', 'is', null).then(1).else(0).end());
  if (f.status === 'unread') query = query.having(unread, '>', 0);
  if (f.status === 'read') query = query.having(unread, '=', 0);
  return query;
}

/** One page of a folder, newest activity first, and the number of threads in it. */
export async function findFolderPage(
  db: Database,
  p: FolderParams,
  kind: ReaderKind,
  filter: FolderFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: FolderThreadRow[]; total: number }> {
  if (isPlain(filter)) {
    const count = await plainCount.takeFirst(db, p);
    const rows = await plainPage.execute(db, { ...p, ...page });
    return { rows, total: Number(count?.n ?? 0) };
  }
  const base = filteredThreads(db, p, kind, filter);
  const count = await db
    .selectFrom(base.as('matching'))
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  const rows = await base.orderBy('last_delivered', 'desc').orderBy('stubs.thread_id', 'desc').limit(page.limit).offset(page.offset).execute();
  return { rows, total: Number(count.n) };
}

/** The first post of each thread: what a list shows as the thread's type, title and audience. */
export interface ThreadHeadRow {
  thread_id: number;
  id: number;
  type: string;
  title: string;
  author_id: number;
  audience_count: number;
  highlight: number;
}

const threadHeads = compiledQuery((db: Kysely<DB>, p: { orgId: number; threadIds: number[] }) =>
  db
    .selectFrom('threads')
    .innerJoin('posts as first', (join) => join.onRef('first.org_id', '=', 'threads.org_id').onRef('first.id', '=', 'threads.first_post_id'))
    .select(['threads.id as thread_id', 'first.id', 'first.type', 'first.title', 'first.author_id', 'first.audience_count', 'first.highlight'])
    .where(scopedToOrg(p.orgId, 'threads'))
    .where('threads.id', 'in', p.threadIds),
);

export async function findThreadHeads(db: Database, orgId: number, threadIds: number[]): Promise<ThreadHeadRow[]> {
  if (threadIds.length === 0) return [];
  return threadHeads.execute(db, { orgId, threadIds });
}

/** Per thread: how many of its posts the caller may read, and the latest of them. */
export interface ReadableCountRow {
  thread_id: number;
  n: number | string;
  latest: number | null;
}

const readableCounts = compiledQuery((db: Kysely<DB>, p: { orgId: number; callerId: number; threadIds: number[] }, kind: ReaderKind) =>
  db
    .selectFrom('posts')
    .select((eb) => ['posts.thread_id', eb.fn.countAll<number | string>().as('n'), eb.fn.max('posts.id').as('latest')])
    .where(scopedToOrg(p.orgId, 'posts'))
    .where('posts.thread_id', 'in', p.threadIds)
    .where(readablePost(kind, p.orgId, p.callerId))
    .groupBy('posts.thread_id'),
);

export async function findReadableCounts(db: Database, orgId: number, callerId: number, kind: ReaderKind, threadIds: number[]): Promise<ReadableCountRow[]> {
  if (threadIds.length === 0) return [];
  return readableCounts.execute(db, { orgId, callerId, threadIds }, kind);
}

/** What a list shows of a thread's latest post: its author and the start of its description. */
export interface LatestPostRow {
  id: number;
  publish_date: string | null;
  /** The first characters of the description, enough for a 200-character excerpt. */
  head: string;
  author_id: number;
  first_name: string;
  last_name: string;
  last_name2: string | null;
  avatar: string | null;
}

/** Characters of a description read for an excerpt: markup included, 200 plain characters fit easily. */
const HEAD_CHARACTERS = 4000;

const latestPosts = compiledQuery((db: Kysely<DB>, p: { orgId: number; postIds: number[]; headLength: number }) =>
  db
    .selectFrom('posts')
    .innerJoin('people', (join) => join.onRef('people.org_id', '=', 'posts.org_id').onRef('people.id', '=', 'posts.author_id'))
    .select((eb) => [
      'posts.id',
      'posts.publish_date',
      eb.fn<string>('substr', ['posts.description', eb.val(1), eb.val(p.headLength)]).as('head'),
      'posts.author_id',
      'people.first_name',
      'people.last_name',
      'people.last_name2',
      'people.avatar',
    ])
    .where(scopedToOrg(p.orgId, 'posts'))
    .where('posts.id', 'in', p.postIds),
);

export async function findLatestPosts(db: Database, orgId: number, postIds: number[]): Promise<LatestPostRow[]> {
  if (postIds.length === 0) return [];
  return latestPosts.execute(db, { orgId, postIds, headLength: HEAD_CHARACTERS });
}
