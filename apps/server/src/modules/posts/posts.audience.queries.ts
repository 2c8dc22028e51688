import { STAFF_ROLES } from '@patio/core';
import type { Database } from '../../db/database';
import { scopedToOrg } from '../../db/scope';
import { notAnUnapprovedRegistrant } from '../../policy/registrants.sql';
import { currentMembership } from '../nodes/index';
import { parentLikeKinds } from '../people/index';

// IN lists stay below the engines' bound-parameter limits.
const CHUNK = 5000;

function* chunksOf(ids: readonly number[]): Generator<number[]> {
  for (let i = 0; i < ids.length; i += CHUNK) yield ids.slice(i, i + CHUNK);
}

/** Of `ids`, the people of the school whose registration (if any) is approved: who may receive a post. */
export async function findReachablePeople(db: Database, orgId: number, ids: readonly number[]): Promise<number[]> {
  const out: number[] = [];
  for (const chunk of chunksOf([...new Set(ids)])) {
    const rows = await db
      .selectFrom('people')
      .select('people.id')
      .where(scopedToOrg(orgId, 'people'))
      .where('people.id', 'in', chunk)
      .where(notAnUnapprovedRegistrant(orgId))
      .execute();
    out.push(...rows.map((r) => r.id));
  }
  return out;
}

/**
 * How many of `ids` (distinct people of the school) are current students, parent-like relatives and
 * staff (administrators or current staff members of a node). A person may be in several kinds.
 */
export async function countRecipientKinds(db: Database, orgId: number, ids: readonly number[]): Promise<{ students: number; relatives: number; staff: number }> {
  const total = { students: 0, relatives: 0, staff: 0 };
  for (const chunk of chunksOf(ids)) {
    const students = await db
      .selectFrom('memberships')
      .select((eb) => eb.fn.count<number | string>('memberships.person_id').distinct().as('n'))
      .where(scopedToOrg(orgId, 'memberships'))
      .where('memberships.role', '=', 'student')
      .where(currentMembership())
      .where('memberships.person_id', 'in', chunk)
      .executeTakeFirstOrThrow();
    const relatives = await db
      .selectFrom('relationships')
      .select((eb) => eb.fn.count<number | string>('relationships.relative_id').distinct().as('n'))
      .where(scopedToOrg(orgId, 'relationships'))
      .where('relationships.kind', 'in', [...parentLikeKinds])
      .where('relationships.relative_id', 'in', chunk)
      .executeTakeFirstOrThrow();
    const staff = await db
      .selectFrom('people')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where(scopedToOrg(orgId, 'people'))
      .where('people.id', 'in', chunk)
      .where((eb) =>
        eb.or([
          eb('people.is_admin', '=', 1),
          eb(
            'people.id',
            'in',
            eb
              .selectFrom('memberships')
              .select('memberships.person_id')
              .where('memberships.org_id', '=', orgId)
              .where('memberships.role', 'in', [...STAFF_ROLES]),
          ),
        ]),
      )
      .executeTakeFirstOrThrow();
    total.students += Number(students.n);
    total.relatives += Number(relatives.n);
    total.staff += Number(staff.n);
  }
  return total;
}
