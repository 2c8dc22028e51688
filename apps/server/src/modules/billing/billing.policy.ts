import { z } from 'zod';
import { notFound } from '../../http/errors';
import { canSee } from '../../policy/access';
import { definePolicy, type PolicyContext, zId } from '../../policy/policy';
import { creditAccess, debitAccess, isBillingStaff, readsBillingOf } from './billing.access';
import { findCredit, findDebit, personExistsInSchool } from './billing.queries';

// Who may call the billing routes (issue 14; docs/decisions/019-billing-ledger.md). Ids of another
// school, or of nothing, answer 404; someone else's billing 403. Unapproved registrants are refused
// before any of these run (policies are not `registrants`).

const byId = z.object({ id: zId });
type ById = PolicyContext<{ id: number }>;

async function requirePerson({ caller, db, org, params }: ById): Promise<void> {
  if (caller?.id === params.id) return;
  if (!(await personExistsInSchool(db, org.id, params.id))) throw notFound('There is no such person in this school');
}

/** The person, their parent-like relatives and billing staff (a parent's id covers their children). */
const readsBilling = async (ctx: ById) => {
  await requirePerson(ctx);
  return readsBillingOf(ctx.caller!, ctx.org, ctx.params.id);
};

/** Billing staff acting on a person of the school. */
const keepsAccountsOf = async (ctx: ById) => {
  await requirePerson(ctx);
  return isBillingStaff(ctx.caller!);
};

const seesDebit = async ({ caller, db, org, params }: ById) => {
  const debit = await findDebit(db, org.id, params.id);
  if (!debit) throw notFound('There is no such debit');
  return canSee(debitAccess, db, caller!, debit.id);
};

const seesCredit = async ({ caller, db, org, params }: ById) => {
  const credit = await findCredit(db, org.id, params.id);
  if (!credit) throw notFound('There is no such credit');
  return canSee(creditAccess, db, caller!, credit.id);
};

const keepsAccounts = ({ caller }: PolicyContext<unknown>) => caller !== null && isBillingStaff(caller);

export const billingPolicies = {
  readBalance: definePolicy({ method: 'GET', path: 'people/:id/billing/balance', params: byId, check: readsBilling }),
  listPendingDebits: definePolicy({ method: 'GET', path: 'people/:id/billing/debits/pending', params: byId, check: readsBilling }),
  listPaidDebits: definePolicy({ method: 'GET', path: 'people/:id/billing/debits/paid', params: byId, check: readsBilling }),
  listCredits: definePolicy({ method: 'GET', path: 'people/:id/billing/credits', params: byId, check: readsBilling }),
  /** POST people/{id}/billing/credits: treasury records a payment received. */
  createCredit: definePolicy({ method: 'POST', path: 'people/:id/billing/credits', params: byId, check: keepsAccountsOf }),
  readDebit: definePolicy({ method: 'GET', path: 'billing/debits/:id', params: byId, check: seesDebit }),
  readCredit: definePolicy({ method: 'GET', path: 'billing/credits/:id', params: byId, check: seesCredit }),
  applyCredit: definePolicy({ method: 'POST', path: 'billing/credits/:id/apply', params: byId, check: keepsAccounts }),
  unapplyCredit: definePolicy({ method: 'POST', path: 'billing/credits/:id/unapply', params: byId, check: keepsAccounts }),
  listDebtors: definePolicy({ method: 'GET', path: 'billing/debtors', check: keepsAccounts }),
  exportDebtors: definePolicy({ method: 'GET', path: 'billing/debtors.csv', check: keepsAccounts }),
  readSettings: definePolicy({ method: 'GET', path: 'billing/settings', check: keepsAccounts }),
  updateSettings: definePolicy({ method: 'PUT', path: 'billing/settings', params: z.object({}), check: keepsAccounts }),
};
