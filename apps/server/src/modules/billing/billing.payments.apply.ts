import type { PaymentStatus } from '@patio/core';
import type { Database } from '../../db/database';
import { nowIso } from '../../db/database';
import { HttpError } from '../../http/errors';
import type { Org } from '../../policy/policy';
import { paymentIdOf, type ProviderName, type ProviderReport } from '../../platform/payments/providers';
import { applyCredit, interestRuleOf, recordCredit, todayOf, toMoney } from './billing.ledger';
import { insertRefund } from './billing.refunds.queries';
import { findPayment, insertWebhookEvent, markPaymentApproved, markPaymentDeclined, setPaymentCredit, type PaymentRow } from './billing.payments.queries';

// What a gateway's word does to a payment, the same whether it came by webhook or by the reconcile
// job asking (decision 019 "Online payments"). In ONE transaction: the conditional move out of
// `pending`, and only for the transaction that made it, the online credit (effective today in the
// school's zone) applied to the debit, the payment's credit_id, and the event row. A repeated or late
// report finds the payment moved and changes nothing; billing_credits' unique payment_id is the last
// guard. What the debit cannot take (it was paid meanwhile) stays on the credit as "payments to apply"
// and becomes a refund for treasury (billing.refunds.ts): never a silent double charge. A report of a
// reference that is no payment of ours is refused and logged nowhere: the caller counts it.

export type ReportOutcome =
  | { kind: 'applied' | 'declined' | 'duplicate' | 'pending'; status: PaymentStatus; paymentId: number }
  | { kind: 'payment_not_found' }
  | { kind: 'amount_mismatch'; paymentId: number };

/** The webhook log keeps text: a NUL (refused by PostgreSQL) becomes U+FFFD. */
export const loggedBody = (body: string) => body.replaceAll('\u0000', '\uFFFD');

export async function applyReport(db: Database, org: Org, provider: ProviderName, report: ProviderReport, body: string): Promise<ReportOutcome> {
  const receivedAt = nowIso();
  return db.transaction().execute(async (trx) => {
    const log = (paymentId: number | null, outcome: string) =>
      insertWebhookEvent(trx, { orgId: org.id, provider, paymentId, verified: true, outcome, body: loggedBody(body), receivedAt });
    const id = paymentIdOf(report.reference, org.code);
    const payment = id === null ? null : await findPayment(trx, org.id, id);
    if (!payment || payment.provider !== provider) return { kind: 'payment_not_found' };
    // An approval of another amount is money we did not ask for: nothing is applied, support reads the log.
    if (report.status === 'approved' && (report.amount !== toMoney(payment.amount) || report.currency !== payment.currency)) {
      await log(payment.id, 'amount_mismatch');
      return { kind: 'amount_mismatch', paymentId: payment.id };
    }
    const outcome = await settle(trx, org, payment, report, receivedAt);
    await log(payment.id, outcome.kind);
    return outcome;
  });
}

async function settle(trx: Database, org: Org, payment: PaymentRow, report: ProviderReport, at: string): Promise<ReportOutcome> {
  const current = payment.status as PaymentStatus;
  if (report.status === 'pending') return { kind: 'pending', status: current, paymentId: payment.id };
  if (report.status === 'declined') {
    const moved = await markPaymentDeclined(trx, org.id, payment.id, at, report.providerRef);
    return moved ? { kind: 'declined', status: 'declined', paymentId: payment.id } : { kind: 'duplicate', status: current, paymentId: payment.id };
  }
  if (!(await markPaymentApproved(trx, org.id, payment.id, at, report.providerRef))) return { kind: 'duplicate', status: current, paymentId: payment.id };
  const today = todayOf(org);
  const credit = await recordCredit(trx, {
    orgId: org.id,
    personId: payment.person_id,
    method: 'online',
    value: toMoney(payment.amount),
    date: today,
    effectiveDate: today,
    currency: payment.currency,
    // The gateway's transaction id helps treasury find it at the gateway; the sandbox's is the secret of
    // its checkout link, so its credits carry our own reference instead. The note stays the school's.
    reference: payment.provider === 'sandbox' ? report.reference : (report.providerRef ?? payment.provider_ref ?? report.reference),
    paymentId: payment.id,
    createdBy: payment.payer_id,
  });
  let applied = 0;
  try {
    ({ applied } = await applyCredit(trx, { orgId: org.id, creditId: credit.id, debitId: payment.debit_id, actorId: payment.payer_id, today, rule: interestRuleOf(org) }));
  } catch (err) {
    // The debit was paid (or left the credit's reach) meanwhile: the money stays to apply.
    if (!(err instanceof HttpError) || err.statusCode !== 409) throw err;
  }
  await setPaymentCredit(trx, org.id, payment.id, credit.id);
  const left = toMoney(payment.amount) - applied;
  if (left > 0) {
    await insertRefund(trx, { orgId: org.id, paymentId: payment.id, creditId: credit.id, personId: payment.person_id, debitId: payment.debit_id, amount: left, currency: payment.currency, createdAt: at });
  }
  return { kind: 'applied', status: 'approved', paymentId: payment.id };
}
