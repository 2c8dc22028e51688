import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';

/**
 * The one tenant filter: `.where(scopedToOrg(orgId))` (or `scopedToOrg(orgId, 'people')` in joins)
 * on any table with org_id. Every query of a tenant-owned table goes through it.
 */
export function scopedToOrg(orgId: number, table?: string) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the school condition for whichever table is queried
  return (eb: ExpressionBuilder<any, any>): Expression<SqlBool> =>
    eb(eb.ref(table ? `${table}.org_id` : 'org_id'), '=', orgId);
}
