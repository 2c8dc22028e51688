import type { Database } from '../../db/database';
import { scopedToOrg } from '../../db/scope';
import { notAnUnapprovedRegistrant } from '../../policy/registrants.sql';
import { parentLikeKinds } from '../people/index';

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

/** The parent-like relatives (father, mother, guardian…) of `ids`, approved ones only: "include relatives". */
export async function findParentLikeRelatives(db: Database, orgId: number, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const out = new Set<number>();
  for (let i = 0; i < unique.length; i += 5000) {
    const rows = await db
      .selectFrom('relationships')
      .select('relationships.relative_id')
      .where(scopedToOrg(orgId, 'relationships'))
      .where('relationships.kind', 'in', [...parentLikeKinds])
      .where('relationships.person_id', 'in', unique.slice(i, i + 5000))
      .where(notAnUnapprovedRegistrant(orgId, 'relationships.relative_id'))
      .execute();
    for (const r of rows) out.add(r.relative_id);
  }
  return [...out];
}
