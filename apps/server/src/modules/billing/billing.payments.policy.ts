import { z } from 'zod';
import { HttpError, notFound } from '../../http/errors';
import { canSee } from '../../policy/access';
import { definePolicy, type PolicyContext, zId } from '../../policy/policy';
import { debitAccess } from './billing.access';
import { findDebitStudent, findPayment } from './billing.payments.queries';

// Who may call the online payment routes (docs/decisions/019-billing-ledger.md "Who sees and does
// what"). Paying a debit takes the rights of reading it: the student, their parent-like relatives and
// billing staff (administrators and school-wide employees); anyone else of the school 403, an id that
// is no debit (or payment) of the school 404. The gateway's routes are public: the sandbox page is
// reached through its unguessable token, a webhook through its signature.

const byDebit = z.object({ id: zId });
const byPayment = z.object({ id: zId });
const byToken = z.object({ token: z.string().min(1).max(64) });
const byProvider = z.object({ provider: z.string().min(1).max(20) });

export const noDebit = () => notFound('There is no such debit');
export const noPayment = () => new HttpError(404, 'not_found', 'There is no such payment');

const paysDebit = async ({ caller, db, org, params }: PolicyContext<{ id: number }>) => {
  const student = await findDebitStudent(db, org.id, params.id);
  if (student === null) throw noDebit();
  return canSee(debitAccess, db, caller!, params.id);
};

const seesPayment = async ({ caller, db, org, params }: PolicyContext<{ id: number }>) => {
  const payment = await findPayment(db, org.id, params.id);
  if (!payment) throw noPayment();
  return canSee(debitAccess, db, caller!, payment.debit_id);
};

export const paymentPolicies = {
  /** POST billing/debits/{id}/payments: whoever may read the debit. */
  startPayment: definePolicy({ method: 'POST', path: 'billing/debits/:id/payments', params: byDebit, check: paysDebit }),
  /** GET billing/payments/{id}: whoever may read its debit (the payer reads it through that right, which may end). */
  readPayment: definePolicy({ method: 'GET', path: 'billing/payments/:id', params: byPayment, check: seesPayment }),
  /** The sandbox gateway's checkout page: whoever holds the link (it plays an external site). */
  sandboxCheckout: definePolicy({ method: 'GET', path: 'billing/providers/sandbox/checkout/:token', params: byToken, public: true, check: () => true }),
  sandboxComplete: definePolicy({ method: 'POST', path: 'billing/providers/sandbox/checkout/:token', params: byToken, public: true, check: () => true }),
  /** A gateway's notification: no sign-in, its signature is checked by the handler (401 invalid_signature). */
  webhook: definePolicy({ method: 'POST', path: 'billing/providers/:provider/webhook', params: byProvider, public: true, check: () => true }),
};
