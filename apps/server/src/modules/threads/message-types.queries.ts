import type { Kysely } from 'kysely';
import { compiledQuery } from '../../db/compiled-query';
import type { Database } from '../../db/database';
import { scopedToOrg } from '../../db/scope';
import type { DB } from '../../db/types';

export interface PostTypeRow {
  key: string;
  names: string;
  icon: string;
  color: string;
  visible: number;
}

const postTypes = compiledQuery((db: Kysely<DB>, p: { orgId: number }) =>
  db.selectFrom('post_types').select(['key', 'names', 'icon', 'color', 'visible']).where(scopedToOrg(p.orgId)).orderBy('position').orderBy('id'),
);

/** The school's post types in their order, hidden ones too. */
export async function findPostTypeRows(db: Database, orgId: number): Promise<PostTypeRow[]> {
  return postTypes.execute(db, { orgId });
}

const unreadByType = compiledQuery((db: Kysely<DB>, p: { orgId: number; personId: number }) =>
  db
    .selectFrom((eb) =>
      eb
        .selectFrom('stubs')
        .select((inner) => [
          'stubs.thread_id',
          // Looked up per unread stub of the caller: the caller's stubs lead, whatever the school holds.
          inner
            .selectFrom('threads')
            .innerJoin('posts as first', (join) => join.onRef('first.org_id', '=', 'threads.org_id').onRef('first.id', '=', 'threads.first_post_id'))
            .select('first.type')
            .where('threads.org_id', '=', p.orgId)
            .whereRef('threads.id', '=', 'stubs.thread_id')
            .as('type'),
        ])
        .where(scopedToOrg(p.orgId, 'stubs'))
        .where('stubs.person_id', '=', p.personId)
        .where('stubs.folder', '=', 'feed')
        .where('stubs.read_date', 'is', null)
        .as('unread'),
    )
    .select((eb) => ['unread.type', eb.fn.count<number | string>('unread.thread_id').distinct().as('n')])
    .groupBy('unread.type'),
);

/** Per type of a thread's first post: the person's inbox threads with an unread stub. */
export async function findUnreadThreadsByType(db: Database, orgId: number, personId: number): Promise<Map<string, number>> {
  const rows = await unreadByType.execute(db, { orgId, personId });
  return new Map(rows.flatMap((r) => (r.type === null ? [] : [[r.type, Number(r.n)] as const])));
}

const personLanguage = compiledQuery((db: Kysely<DB>, p: { orgId: number; personId: number }) =>
  db.selectFrom('people').select('language').where(scopedToOrg(p.orgId)).where('id', '=', p.personId),
);

/** The person's interface language as stored, or null. */
export async function findPersonLanguage(db: Database, orgId: number, personId: number): Promise<string | null> {
  return (await personLanguage.takeFirst(db, { orgId, personId }))?.language ?? null;
}
