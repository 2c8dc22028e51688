import type { Kysely } from 'kysely';
import { compiledQuery } from '../../db/compiled-query';
import type { Database } from '../../db/database';
import { scopedToOrg } from '../../db/scope';
import type { DB } from '../../db/types';
import type { PostRowStatus, StubFolder } from '../../db/types-posts';

// Reads of one thread for its screen and for replies.

const callerFolder = compiledQuery((db: Kysely<DB>, p: { orgId: number; personId: number; threadId: number }) =>
  db
    .selectFrom('stubs')
    .select(['folder', 'delivered_at', 'id'])
    .where(scopedToOrg(p.orgId))
    .where('person_id', '=', p.personId)
    .where('thread_id', '=', p.threadId)
    .orderBy('delivered_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1),
);

/** The folder of the person's latest stub of the thread, or null when they hold none. */
export async function findCallerFolder(db: Database, orgId: number, personId: number, threadId: number): Promise<StubFolder | null> {
  return (await callerFolder.takeFirst(db, { orgId, personId, threadId }))?.folder ?? null;
}

/** The first post of a thread: its settings govern replies. */
export interface ThreadHead {
  id: number;
  author_id: number;
  type: string;
  title: string;
  status: PostRowStatus;
  replies: 'off' | 'author' | 'all';
  notifications: number;
  recipients_visible: number;
  expiration_date: string | null;
}

const threadHead = compiledQuery((db: Kysely<DB>, p: { orgId: number; threadId: number }) =>
  db
    .selectFrom('threads')
    .innerJoin('posts as first', (join) => join.onRef('first.org_id', '=', 'threads.org_id').onRef('first.id', '=', 'threads.first_post_id'))
    .select([
      'first.id',
      'first.author_id',
      'first.type',
      'first.title',
      'first.status',
      'first.replies',
      'first.notifications',
      'first.recipients_visible',
      'first.expiration_date',
    ])
    .where(scopedToOrg(p.orgId, 'threads'))
    .where('threads.id', '=', p.threadId),
);

export async function findThreadHead(db: Database, orgId: number, threadId: number): Promise<ThreadHead | null> {
  return (await threadHead.takeFirst(db, { orgId, threadId })) ?? null;
}

/** The people a post was delivered to (its stubs). */
export async function findPostRecipientIds(db: Database, orgId: number, postId: number): Promise<number[]> {
  const rows = await db.selectFrom('stubs').select('person_id').where(scopedToOrg(orgId)).where('post_id', '=', postId).execute();
  return rows.map((r) => r.person_id);
}

/** The latest published post of the thread the person wrote or has read, or null. */
export async function findLatestReadPostId(db: Database, orgId: number, personId: number, threadId: number): Promise<number | null> {
  const row = await db
    .selectFrom('posts')
    .select((eb) => eb.fn.max('posts.id').as('id'))
    .where(scopedToOrg(orgId, 'posts'))
    .where('posts.thread_id', '=', threadId)
    .where('posts.status', '=', 'published')
    .where((eb) =>
      eb.or([
        eb('posts.author_id', '=', personId),
        eb.exists(
          eb
            .selectFrom('stubs')
            .select('stubs.id')
            .where('stubs.org_id', '=', orgId)
            .whereRef('stubs.post_id', '=', 'posts.id')
            .where('stubs.person_id', '=', personId)
            .where('stubs.read_date', 'is not', null),
        ),
      ]),
    )
    .executeTakeFirst();
  return row?.id ?? null;
}
