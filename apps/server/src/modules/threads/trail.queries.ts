import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { scopedToOrg } from '../../db/scope';

/**
 * A post and the posts it answers, each followed by the one it replies to, at most `limit` of them,
 * in that order (one recursive query).
 */
export async function findReplyChain(db: Database, orgId: number, postId: number, limit: number): Promise<number[]> {
  const rows = await db
    .withRecursive('chain(id, reply_to_id, depth)', (qb) =>
      qb
        .selectFrom('posts')
        .select(['posts.id', 'posts.reply_to_id', sql<number>`1`.as('depth')])
        .where(scopedToOrg(orgId, 'posts'))
        .where('posts.id', '=', postId)
        .unionAll((union) =>
          union
            .selectFrom('posts')
            .innerJoin('chain', 'chain.reply_to_id', 'posts.id')
            .select(['posts.id', 'posts.reply_to_id', (eb) => eb(eb.ref('chain.depth'), '+', 1).as('depth')])
            .where(scopedToOrg(orgId, 'posts'))
            .where('chain.depth', '<', limit),
        ),
    )
    .selectFrom('chain')
    .select(['chain.id', 'chain.depth'])
    .orderBy('chain.depth')
    .execute();
  return rows.map((r) => r.id);
}
