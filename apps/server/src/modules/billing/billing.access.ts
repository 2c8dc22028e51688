import type { Database } from '../../db/database';
import type { ResourceAccess } from '../../policy/access';
import { memoised } from '../../policy/caller-memo';
import { familyOf } from '../../policy/family';
import type { Caller, Org } from '../../policy/policy';
import { findOrgById } from '../org/index';
import { billingRowFilter, type BillingRowTable, findChildIds, findVisibleRowIds } from './billing.queries';

// Who sees billing (docs/decisions/019-billing-ledger.md "Who sees and does what"; decision 007 form).
// A debit or credit belongs to one student. It is seen by their parent-like relatives and billing
// staff (administrators and school-wide employees: treasury), and by the student themself only where
// the school lets students see their own billing (issue 29; off by default: the family pays). Teachers
// are not billing staff. Never across schools; unapproved registrants are stopped by the policies first.

/** Private school setting: students see their own debits, credits and payments (default false). */
export const STUDENTS_SEE_OWN_BILLING_KEY = 'billing.studentsSeeOwn';

type SchoolSettings = Pick<Org, 'settings'>;

/** The school lets students see their own billing. */
export function studentsSeeOwnBilling(org: SchoolSettings): boolean {
  return org.settings[STUDENTS_SEE_OWN_BILLING_KEY] === true;
}

/** Administrators and school-wide employees keep the school's accounts. */
export function isBillingStaff(caller: Caller): boolean {
  return caller.isAdmin || caller.isSchoolWide;
}

/** A student of a school that keeps billing to the family: their own rows are not theirs to read. */
function hidesOwnBilling(caller: Caller, org: SchoolSettings): boolean {
  return caller.roles.includes('student') && !isBillingStaff(caller) && !studentsSeeOwnBilling(org);
}

/** The students whose debits and credits the caller sees as family: their family (policy/family.ts), themself left out where hidden. */
function billingFamily(caller: Caller, org: SchoolSettings): number[] {
  return hidesOwnBilling(caller, org) ? [...caller.childIds] : familyOf(caller);
}

/** The caller may read people/{personId}/billing/*: the person (unless hidden), a parent-like relative of them, billing staff. */
export function readsBillingOf(caller: Caller, org: SchoolSettings, personId: number): boolean {
  return isBillingStaff(caller) || billingFamily(caller, org).includes(personId);
}

/** The students people/{personId}/billing covers: the person and their parent-like children (a family view). */
export function billingFamilyOf(db: Database, caller: Caller, org: SchoolSettings, personId: number): Promise<number[]> {
  if (personId === caller.id) return Promise.resolve(billingFamily(caller, org));
  return memoised(caller, `billing.family.${personId}`, async () => [personId, ...(await findChildIds(db, caller.orgId, personId))]);
}

/** The caller sees the billing rows of student `personId`. */
export function seesBillingRowOf(caller: Caller, org: SchoolSettings, personId: number): boolean {
  return isBillingStaff(caller) || billingFamily(caller, org).includes(personId);
}

/** The school's settings for a rule run outside a request's policy (jobs, live topics): read once per caller. */
function settingsOf(db: Database, caller: Caller): Promise<SchoolSettings> {
  return memoised(caller, 'billing.school', async () => (await findOrgById(db, caller.orgId)) ?? { settings: {} });
}

function accessOn(kind: 'debit' | 'credit', table: BillingRowTable): ResourceAccess<typeof kind> {
  const familyOrAll = async (db: Database, caller: Caller) => (isBillingStaff(caller) ? null : billingFamily(caller, await settingsOf(db, caller)));
  return {
    kind,
    async visible(db, caller, ids) {
      if (ids.length === 0) return new Set<number>();
      return new Set(await findVisibleRowIds(db, table, caller.orgId, [...new Set(ids)], await familyOrAll(db, caller)));
    },
    async filter(db, caller) {
      return billingRowFilter(db, table, caller.orgId, await familyOrAll(db, caller));
    },
  };
}

/** Debits the caller sees. */
export const debitAccess = accessOn('debit', 'billing_debits');
/** Credits the caller sees. */
export const creditAccess = accessOn('credit', 'billing_credits');
