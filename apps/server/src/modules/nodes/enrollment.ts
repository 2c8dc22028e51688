import { type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';

/**
 * Enrollments that have ended (issue 6 item 14): a withdrawn, graduated or inactive student grants
 * nothing through that node (no school data, no clinic, no contacts) and is left out of its roster
 * unless someone who may see enrollment asks for that status by name.
 */
export const ENDED_ENROLLMENTS = ['withdrawn', 'graduated', 'inactive'] as const;

/** A membership row that still counts: any non-student role, or a student whose enrollment has not ended. */
export function isCurrentMembership(row: { role: string; enrollment_status: string | null }): boolean {
  return row.role !== 'student' || !(ENDED_ENROLLMENTS as readonly string[]).includes(row.enrollment_status ?? '');
}

/** The same test in SQL, on the `memberships` table (or an alias of it). */
export function currentMembership(table = 'memberships') {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a filter for whichever query joins memberships
  return (eb: ExpressionBuilder<any, any>): Expression<SqlBool> =>
    eb.or([
      eb(eb.ref(`${table}.role`), '<>', 'student'),
      eb(eb.ref(`${table}.enrollment_status`), 'is', null),
      eb(eb.ref(`${table}.enrollment_status`), 'not in', [...ENDED_ENROLLMENTS]),
    ]);
}
