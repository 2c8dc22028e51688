import { z } from 'zod';
import { definePolicy, zId } from '../../policy/policy';
import { billingPolicies } from './billing.policy';

// The printable documents (issue 14 §3) are read by whoever reads what they print: a receipt by
// those who see the credit, a statement by those who see the person's billing (decision 019).

const byId = z.object({ id: zId });

export const billingDocumentPolicies = {
  /** GET billing/credits/{id}/receipt.pdf: the student, their parent-like relatives, billing staff. */
  readReceipt: definePolicy({ method: 'GET', path: 'billing/credits/:id/receipt.pdf', params: byId, check: (ctx) => billingPolicies.readCredit.check(ctx) }),
  /** GET people/{id}/billing/statement.pdf: the person, their parent-like relatives, billing staff. */
  readStatement: definePolicy({
    method: 'GET',
    path: 'people/:id/billing/statement.pdf',
    params: byId,
    check: (ctx) => billingPolicies.readBalance.check(ctx),
  }),
};
