import { type Expression, type ExpressionBuilder, sql, type SqlBool } from 'kysely';
import type { Database } from '../db/database';
import { scopedToOrg } from '../db/scope';
import type { AccessFilter } from './access';
import type { Caller } from './policy';

/**
 * Issue 6 item 5: a self-registered account whose registration is pending or rejected is nobody to
 * the school yet. Lists (directory, audiences, contacts, rosters) leave such people out and only
 * administrators and the person may open the profile, so a made-up family cannot reach real ones.
 * Here, below every area, because people, nodes and audiences all apply it (decision 007).
 */

/** SQL: the person in `personId` (a column, default people.id) has no registration short of approved. */
export function notAnUnapprovedRegistrant(orgId: number, personId = 'people.id') {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a filter for whichever query reads people
  return (eb: ExpressionBuilder<any, any>): Expression<SqlBool> =>
    eb.not(
      eb.exists(
        // Aliased, so that `personId` may be a column of an outer registrations query too.
        eb
          .selectFrom('registrations as unapproved')
          .select('unapproved.id')
          .where('unapproved.org_id', '=', orgId)
          .whereRef('unapproved.person_id', '=', personId as never)
          .where('unapproved.status', '<>', 'approved'),
      ),
    );
}

// One filter object per school (and one for everyone), so that hot reads compile a query once per
// filter (db/compiled-query.ts variants) instead of once per request.
const approvedBySchool = new Map<number, AccessFilter>();
const everyone: AccessFilter = () => () => sql<SqlBool>`1 = 1`;

/** notAnUnapprovedRegistrant as an access filter on any person id column; the same object for a school every time. */
export function approvedPeople(orgId: number): AccessFilter {
  let filter = approvedBySchool.get(orgId);
  if (!filter) approvedBySchool.set(orgId, (filter = (ref) => notAnUnapprovedRegistrant(orgId, ref)));
  return filter;
}

/** The people lists a caller gets (directory, rosters): administrators see unapproved registrants too. */
export function listedFor(caller: Caller): AccessFilter {
  return caller.isAdmin ? everyone : approvedPeople(caller.orgId);
}

/** Of some people, those whose registration is pending or rejected (one query per 500). */
export async function findUnapprovedRegistrantIds(db: Database, orgId: number, personIds: number[]): Promise<Set<number>> {
  const out = new Set<number>();
  const unique = [...new Set(personIds)];
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await db
      .selectFrom('registrations')
      .select('person_id')
      .where(scopedToOrg(orgId))
      .where('person_id', 'in', unique.slice(i, i + 500))
      .where('status', '<>', 'approved')
      .execute();
    for (const r of rows) out.add(r.person_id);
  }
  return out;
}
