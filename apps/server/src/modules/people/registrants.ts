import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Database } from '../../db/database';
import { scopedToOrg } from '../../db/scope';

/**
 * Issue 6 item 5: a self-registered account whose registration is pending or rejected is nobody to
 * the school yet. Lists (directory, audiences, contacts, rosters) leave such people out and only
 * administrators and the person may open the profile, so a made-up family cannot reach real ones.
 */

/** SQL: the person in `personId` (a column, default people.id) has no registration short of approved. */
export function notAnUnapprovedRegistrant(orgId: number, personId = 'people.id') {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return (eb: ExpressionBuilder<any, any>): Expression<SqlBool> =>
    eb.not(
      eb.exists(
        eb
          .selectFrom('registrations')
          .select('registrations.id')
          .where('registrations.org_id', '=', orgId)
          .whereRef('registrations.person_id', '=', personId as never)
          .where('registrations.status', '<>', 'approved'),
      ),
    );
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
