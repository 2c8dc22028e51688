import type { Kysely, SelectQueryBuilder } from 'kysely';
import { compiledQuery } from '../../db/compiled-query';
import type { Database } from '../../db/database';
import { scopedToOrg } from '../../db/scope';
import type { DB } from '../../db/types';
import type { PostRowStatus } from '../../db/types-posts';
import { type ReaderKind, readablePost } from './readable.sql';

// The rows post cards are built from (post-cards.ts): posts with their authors, and their blocks.

export interface PostCardRow {
  id: number;
  thread_id: number;
  type: string;
  title: string;
  description: string;
  status: PostRowStatus;
  audience_count: number;
  quotes: string;
  reply_to_id: number | null;
  event_id: number | null;
  highlight: number;
  notifications: number;
  recipients_visible: number;
  replies: 'off' | 'author' | 'all';
  forward: number;
  publish_date: string | null;
  expiration_date: string | null;
  created_at: string;
  author_id: number;
  first_name: string;
  last_name: string;
  last_name2: string | null;
  avatar: string | null;
  language: string;
}

type CardQuery = SelectQueryBuilder<DB, 'posts' | 'people', PostCardRow>;

/** Posts joined with their authors, every column a card needs. */
function cardRows(db: Kysely<DB>, orgId: number): CardQuery {
  return db
    .selectFrom('posts')
    .innerJoin('people', (join) => join.onRef('people.org_id', '=', 'posts.org_id').onRef('people.id', '=', 'posts.author_id'))
    .select([
      'posts.id',
      'posts.thread_id',
      'posts.type',
      'posts.title',
      'posts.description',
      'posts.status',
      'posts.audience_count',
      'posts.quotes',
      'posts.reply_to_id',
      'posts.event_id',
      'posts.highlight',
      'posts.notifications',
      'posts.recipients_visible',
      'posts.replies',
      'posts.forward',
      'posts.publish_date',
      'posts.expiration_date',
      'posts.created_at',
      'posts.author_id',
      'people.first_name',
      'people.last_name',
      'people.last_name2',
      'people.avatar',
      'posts.language',
    ])
    .where(scopedToOrg(orgId, 'posts'));
}

const postsById = compiledQuery((db: Kysely<DB>, p: { orgId: number; ids: number[] }) => cardRows(db, p.orgId).where('posts.id', 'in', p.ids));

/** The posts of `ids` in the school, in no particular order. */
export async function findPostCardRows(db: Database, orgId: number, ids: readonly number[]): Promise<PostCardRow[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  return postsById.execute(db, { orgId, ids: unique });
}

const threadPosts = compiledQuery((db: Kysely<DB>, p: { orgId: number; callerId: number; threadId: number }, kind: ReaderKind) =>
  cardRows(db, p.orgId).where('posts.thread_id', '=', p.threadId).where(readablePost(kind, p.orgId, p.callerId)).orderBy('posts.id'),
);

/** The posts of a thread the caller may read, oldest first. */
export async function findReadableThreadPosts(db: Database, orgId: number, callerId: number, kind: ReaderKind, threadId: number): Promise<PostCardRow[]> {
  return threadPosts.execute(db, { orgId, callerId, threadId }, kind);
}

export interface BlockRow {
  id: number;
  post_id: number;
  type: string;
  url: string | null;
  options: string;
}

const blocksOf = compiledQuery((db: Kysely<DB>, p: { orgId: number; postIds: number[] }) =>
  db
    .selectFrom('post_blocks')
    .select(['id', 'post_id', 'type', 'url', 'options'])
    .where(scopedToOrg(p.orgId))
    .where('post_id', 'in', p.postIds)
    .orderBy('post_id')
    .orderBy('position')
    .orderBy('id'),
);

/** The blocks of these posts, each post's in their order. */
export async function findBlocks(db: Database, orgId: number, postIds: readonly number[]): Promise<BlockRow[]> {
  const unique = [...new Set(postIds)];
  if (unique.length === 0) return [];
  return blocksOf.execute(db, { orgId, postIds: unique });
}
