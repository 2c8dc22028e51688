import type { Database } from '../../db/database';
import { scopedToOrg } from '../../db/scope';
import { notAnUnapprovedRegistrant } from '../../policy/registrants.sql';

/** Of `ids`, the people of the school whose registration (if any) is approved: who may receive a post. */
export async function findReachablePeople(db: Database, orgId: number, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const out: number[] = [];
  for (let i = 0; i < unique.length; i += 5000) {
    const rows = await db
      .selectFrom('people')
      .select('people.id')
      .where(scopedToOrg(orgId, 'people'))
      .where('people.id', 'in', unique.slice(i, i + 5000))
      .where(notAnUnapprovedRegistrant(orgId))
      .execute();
    out.push(...rows.map((r) => r.id));
  }
  return out;
}
