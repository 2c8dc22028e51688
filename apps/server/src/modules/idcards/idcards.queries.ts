import type { Database } from '../../db/database';
import { scopedToOrg } from '../../db/scope';
import { notAnUnapprovedRegistrant } from '../../policy/registrants.sql';
import { currentMembership } from '../nodes/index';

// The ID card area's SQL (issue 36 §3), scoped to one school.

export interface CardHolderRow {
  id: number;
  first_name: string;
  last_name: string;
  last_name2: string | null;
  avatar: string | null;
}

/**
 * The person when they hold a school ID card: a current student somewhere (an enrollment not ended)
 * whose registration, if they registered themselves, is approved. Null otherwise.
 */
export async function findCardHolder(db: Database, orgId: number, personId: number): Promise<CardHolderRow | null> {
  const row = await db
    .selectFrom('people')
    .select(['people.id', 'people.first_name', 'people.last_name', 'people.last_name2', 'people.avatar'])
    .where(scopedToOrg(orgId, 'people'))
    .where('people.id', '=', personId)
    .where(notAnUnapprovedRegistrant(orgId))
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('memberships')
          .select('memberships.id')
          .where(scopedToOrg(orgId, 'memberships'))
          .whereRef('memberships.person_id', '=', 'people.id')
          .where('memberships.role', '=', 'student')
          .where(currentMembership()),
      ),
    )
    .executeTakeFirst();
  return row ?? null;
}
