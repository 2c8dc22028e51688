import { type Expression, type ExpressionBuilder, sql, type SqlBool } from 'kysely';
import type { Database } from '../../db/database';
import { scopedToOrg } from '../../db/scope';
import type { DB } from '../../db/types';
import type { AccessFilter } from '../../policy/access';
import type { Caller } from '../../policy/policy';

type Eb = ExpressionBuilder<DB, never>;

/**
 * postAccess (posts.access.ts) as SQL on a post id column: a post the caller wrote (any status), one
 * they hold a stub of (stubs exist only for published posts), or, for administrators, any published
 * post of the school. Subqueries, not joins, so the filter fits any list (posts, stubs, threads).
 */
export function postFilter(caller: Caller): AccessFilter {
  return (ref) => (untyped) => {
    const eb = untyped as unknown as Eb;
    const post = sql.ref<number>(ref);
    const own = eb.selectFrom('posts as access_own').select('access_own.id').where(scopedToOrg(caller.orgId, 'access_own')).where('access_own.author_id', '=', caller.id);
    const received = eb
      .selectFrom('stubs as access_stub')
      .select('access_stub.post_id')
      .where(scopedToOrg(caller.orgId, 'access_stub'))
      .where('access_stub.person_id', '=', caller.id);
    const branches: Expression<SqlBool>[] = [eb(post, 'in', own), eb(post, 'in', received)];
    if (caller.isAdmin) {
      const published = eb
        .selectFrom('posts as access_pub')
        .select('access_pub.id')
        .where(scopedToOrg(caller.orgId, 'access_pub'))
        .where('access_pub.status', '=', 'published');
      branches.push(eb(post, 'in', published));
    }
    return eb.or(branches);
  };
}

/** 1 when `personId` holds a stub of the post in the query's `posts` row, else 0. */
export function heldBy(eb: ExpressionBuilder<DB, 'posts'>, orgId: number, personId: number) {
  const stub = eb
    .selectFrom('stubs')
    .select('stubs.id')
    .where('stubs.org_id', '=', orgId)
    .whereRef('stubs.post_id', '=', 'posts.id')
    .where('stubs.person_id', '=', personId);
  return eb.case().when(eb.exists(stub)).then(1).else(0).end();
}

export interface PostAccessRow {
  id: number;
  author_id: number;
  status: 'draft' | 'scheduled' | 'published';
  /** The caller holds a stub of it. */
  received: number;
}

/** The posts of `ids` in the school, with whether `personId` holds a stub of each (one query per 500 ids). */
export async function findPostAccessRows(db: Database, orgId: number, personId: number, ids: readonly number[]): Promise<PostAccessRow[]> {
  const unique = [...new Set(ids)];
  const out: PostAccessRow[] = [];
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await db
      .selectFrom('posts')
      .select((eb) => [
        'posts.id',
        'posts.author_id',
        'posts.status',
        heldBy(eb, orgId, personId).as('received'),
      ])
      .where(scopedToOrg(orgId, 'posts'))
      .where('posts.id', 'in', unique.slice(i, i + 500))
      .execute();
    out.push(...rows.map((r) => ({ ...r, received: Number(r.received) })));
  }
  return out;
}
