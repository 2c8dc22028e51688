import type { Database } from '../../db/database';
import type { ResourceAccess } from '../../policy/access';
import { memoised } from '../../policy/caller-memo';
import type { Caller } from '../../policy/policy';
import { billingRowFilter, type BillingRowTable, findChildIds, findVisibleRowIds } from './billing.queries';

// Who sees billing (docs/decisions/019-billing-ledger.md "Who sees and does what"; decision 007 form).
// A debit or credit belongs to one student. It is seen by the student, their parent-like relatives
// and billing staff (administrators and school-wide employees: treasury). Teachers are not billing
// staff. Never across schools; unapproved registrants are stopped by the policies first.

/** Administrators and school-wide employees keep the school's accounts. */
export function isBillingStaff(caller: Caller): boolean {
  return caller.isAdmin || caller.isSchoolWide;
}

/** The students whose debits and credits the caller sees as family: themself and their parent-like children. */
export function familyOf(caller: Caller): number[] {
  return [caller.id, ...caller.childIds];
}

/** The caller may read people/{personId}/billing/*: the person, a parent-like relative of them, billing staff. */
export function readsBillingOf(caller: Caller, personId: number): boolean {
  return caller.id === personId || caller.childIds.includes(personId) || isBillingStaff(caller);
}

/** The students people/{personId}/billing covers: the person and their parent-like children (a family view). */
export function billingFamilyOf(db: Database, caller: Caller, personId: number): Promise<number[]> {
  if (personId === caller.id) return Promise.resolve(familyOf(caller));
  return memoised(caller, `billing.family.${personId}`, async () => [personId, ...(await findChildIds(db, caller.orgId, personId))]);
}

/** The caller sees the billing rows of student `personId`. */
export function seesBillingRowOf(caller: Caller, personId: number): boolean {
  return isBillingStaff(caller) || familyOf(caller).includes(personId);
}

function accessOn(kind: 'debit' | 'credit', table: BillingRowTable): ResourceAccess<typeof kind> {
  return {
    kind,
    async visible(db, caller, ids) {
      if (ids.length === 0) return new Set<number>();
      return new Set(await findVisibleRowIds(db, table, caller.orgId, [...new Set(ids)], isBillingStaff(caller) ? null : familyOf(caller)));
    },
    async filter(db, caller) {
      return billingRowFilter(db, table, caller.orgId, isBillingStaff(caller) ? null : familyOf(caller));
    },
  };
}

/** Debits the caller sees. */
export const debitAccess = accessOn('debit', 'billing_debits');
/** Credits the caller sees. */
export const creditAccess = accessOn('credit', 'billing_credits');
