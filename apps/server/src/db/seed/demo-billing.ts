import { addDays, dateParts } from '@patio/core/calendar/times';
import type { Database } from '../database';
import type { Org } from '../../policy/policy';
import { applyCredit, createDebit, currencyOf, INTEREST_SETTINGS_KEY, recordCredit, todayOf } from '../../modules/billing/index';
import { findOrgById, updateOrgSettings } from '../../modules/org/org.queries';
import { findPersonIdByUsername, findPersonIdsByDocument } from '../../modules/people/people.queries';
import { findChildIds } from '../../modules/billing/billing.queries';
import type { SeedStep } from './demo-school';

// The demo's billing (issue 14 §1): a school year of monthly tuition for the demo parent's two
// children, Feb–Nov when seeded in November. Dates count from the seed day, so the demo stays right
// whenever it is seeded: every debit is paid by treasury except one that expired 45 days ago (with
// interest at the demo's 1.5 % a month) and two that expire in the coming weeks. Another family has
// one overdue month (the debtors list), and Colegio del Norte bills its own family.

const DEMO_RULE = { monthlyRatePercent: 1.5, graceDays: 0 };
const CONCEPTS = [
  { name: 'Pensión', observations: 'Mensualidad', value: 450_000 },
  { name: 'Alimentación', observations: 'Almuerzo y refrigerio', value: 180_000 },
];
const MONTHS = ['Enero', 'Febrero', 'Marzo', 'Abril', 'Mayo', 'Junio', 'Julio', 'Agosto', 'Septiembre', 'Octubre', 'Noviembre', 'Diciembre'];

/** 'YYYY-MM' `months` months from the month of `day`. */
function monthFrom(day: string, months: number): string {
  const { year, month } = dateParts(day);
  const index = year * 12 + (month - 1) + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** One month of tuition: the period, its issue day and the day it expires. */
interface Month {
  period: string;
  issueDate: string;
  expirationDate: string;
}

/** Ten months ending with the seed day's: seven past ones, one expired 45 days ago, two expiring soon. */
export function tuitionMonths(today: string): Month[] {
  return Array.from({ length: 10 }, (_, k) => {
    const period = monthFrom(today, k - 9);
    const issueDate = `${period}-01`;
    const expirationDate = k === 7 ? addDays(today, -45) : k === 8 ? addDays(today, 12) : k === 9 ? addDays(today, 43) : `${monthFrom(issueDate, 1)}-10`;
    return { period, issueDate: issueDate < expirationDate ? issueDate : addDays(expirationDate, -20), expirationDate };
  });
}

/** Bills `personId` for `months`; those before index `paidUntil` are paid by treasury a few days before expiry (at the latest today). */
async function bill(db: Database, org: Org, personId: number, months: Month[], paidUntil: number, actorId: number | null): Promise<void> {
  const currency = currencyOf(org);
  const today = todayOf(org);
  for (const [k, m] of months.entries()) {
    const { year, month } = dateParts(`${m.period}-01`);
    await createDebit(db, {
      orgId: org.id,
      personId,
      period: m.period,
      description: `Mensualidad ${MONTHS[month - 1]} ${year}`,
      issueDate: m.issueDate,
      expirationDate: m.expirationDate,
      currency,
      concepts: CONCEPTS,
      graceDays: DEMO_RULE.graceDays,
      createdBy: actorId,
    });
    if (k >= paidUntil) continue;
    const early = addDays(m.expirationDate, -5);
    const paidOn = early < today ? early : today;
    const credit = await recordCredit(db, {
      orgId: org.id,
      personId,
      method: k % 3 === 0 ? 'cash' : 'bank_transfer',
      value: CONCEPTS.reduce((s, c) => s + c.value, 0),
      date: paidOn,
      effectiveDate: paidOn,
      currency,
      reference: k % 3 === 0 ? '' : `TRF-${m.period.replace('-', '')}-${personId}`,
      createdBy: actorId,
    });
    await applyCredit(db, { orgId: org.id, creditId: credit.id, actorId, today: paidOn, rule: DEMO_RULE });
  }
}

async function setInterestRule(db: Database, orgId: number): Promise<Org> {
  const org = (await findOrgById(db, orgId))!;
  const settings = { ...org.settings, [INTEREST_SETTINGS_KEY]: DEMO_RULE };
  await updateOrgSettings(db, orgId, settings);
  return { ...org, settings };
}

/** The demo school's billing (its step runs once, inside the seed's transaction). */
export const demoBilling: SeedStep = {
  name: 'billing',
  async run(db, seeded) {
    const org = await setInterestRule(db, seeded.id);
    const months = tuitionMonths(todayOf(org));
    const treasurer = await findPersonIdByUsername(db, org.id, 'admin');
    const parent = await findPersonIdByUsername(db, org.id, 'parent');
    for (const child of parent ? await findChildIds(db, org.id, parent) : []) await bill(db, org, child, months, 7, treasurer);
    // Mateo Castro's family: one month 45 days overdue, the next ones not billed yet.
    const [mateo] = (await findPersonIdsByDocument(db, org.id, ['1011667788'])).values();
    if (mateo) await bill(db, org, mateo, months.slice(7, 8), 0, treasurer);
  },
};

/** Colegio del Norte's own family: one month paid, one pending (isolation tests look for neither elsewhere). */
export const norteBilling: SeedStep = {
  name: 'billing',
  async run(db, seeded) {
    const org = (await findOrgById(db, seeded.id))!;
    const months = tuitionMonths(todayOf(org)).slice(8, 10);
    const treasurer = await findPersonIdByUsername(db, org.id, 'admin');
    const parent = await findPersonIdByUsername(db, org.id, 'parent');
    for (const child of parent ? await findChildIds(db, org.id, parent) : []) await bill(db, org, child, months, 1, treasurer);
  },
};
