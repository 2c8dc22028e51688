import type { Database } from '../../db/database';
import { scopedToOrg } from '../../db/scope';

export async function findQuotable(db: Database, orgId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('posts').select(['id', 'author_id', 'status', 'forward']).where(scopedToOrg(orgId)).where('id', 'in', [...ids]).execute();
}
