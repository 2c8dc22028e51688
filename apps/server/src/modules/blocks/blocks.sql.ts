import type { ExpressionBuilder } from 'kysely';
import type { DB } from '../../db/types';

// "The posts that carry this item" as a subquery, for other areas' list queries (a form's audience
// and who has not answered it are the holders of stubs of these posts).

/** Ids of the school's posts with a block whose url is exactly `url`: `.where('stubs.post_id', 'in', postsCarrying(eb, orgId, url))`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a condition for whichever query reads posts
export function postsCarrying(eb: ExpressionBuilder<any, any>, orgId: number, url: string) {
  return (eb as unknown as ExpressionBuilder<DB, never>)
    .selectFrom('post_blocks as carrying')
    .select('carrying.post_id')
    .where('carrying.org_id', '=', orgId)
    .where('carrying.url', '=', url);
}
