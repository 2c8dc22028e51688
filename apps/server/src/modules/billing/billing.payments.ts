import type { Payment, PaymentProvider as ProviderName, PaymentStarted, PaymentStatus } from '@patio/core';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/database';
import { nowIso } from '../../db/database';
import type { RequestContext } from '../../http/context';
import { badRequest, HttpError } from '../../http/errors';
import { requireCaller } from '../../http/school-scope';
import type { Org } from '../../policy/policy';
import { paymentProviderFor, providerNameFor, ProviderUnavailable, referenceOf, type PaymentProvider } from '../../platform/payments/providers';
import { debitBalanceToday, findDebitForBalance, interestRuleOf, todayOf, toMoney } from './billing.ledger';
import { noDebit } from './billing.payments.policy';
import { findOpenPayment, findPayment, findPaymentByKey, insertPayment, setPaymentCheckout, type PaymentRow } from './billing.payments.queries';
import { scheduleReconcile } from './billing.reconcile';

// Online payments of a debit (decision 019): the payer's Idempotency-Key makes a repeated or parallel
// submit one payment (one row, whatever arrives at once: the unique key decides), and a debit has at
// most one open payment: a submit under another key (another tab, the other parent) while one is
// pending answers that one, so a family is never charged twice for one debit. The amount is the
// debit's balance today as the ledger computes it, and the gateway's checkout is opened in the same
// transaction, so a payment without its checkout never commits.

export const MAX_IDEMPOTENCY_KEY = 200;

const conflict = (code: string, message: string) => new HttpError(409, code, message);
const unavailable = (message: string) => new HttpError(503, 'provider_unavailable', message);
/** Production without PAYMENT_PROVIDER: payments are never simulated by default, so there are none. */
export const paymentsUnavailable = () => conflict('payments_unavailable', 'This school does not take online payments: pay at the school or by the means it tells you');

/** The Idempotency-Key header, or 400: required, at most 200 characters, no control characters. */
export function idempotencyKeyOf(header: string | string[] | undefined): string {
  const key = Array.isArray(header) ? header[0] : header;
  if (key === undefined || key.trim() === '') throw badRequest('idempotency_key_required', 'Send an Idempotency-Key header (any text up to 200 characters) so a repeated submit pays once');
  // eslint-disable-next-line no-control-regex -- control characters are what this pattern finds
  if (key.length > MAX_IDEMPOTENCY_KEY || /[\u0000-\u001f\u007f]/.test(key)) {
    throw badRequest('invalid_idempotency_key', 'An Idempotency-Key has at most 200 characters and no control characters');
  }
  return key;
}

/** The school's tuCompra setting (§3), a public setting. */
export function hasTuCompraFlag(org: Org): boolean {
  const pub = org.settings.public;
  return typeof pub === 'object' && pub !== null && (pub as Record<string, unknown>).tuCompra === true;
}

/** The gateway that takes this school's payments (decision 019 "Online payments"); null: none. */
export function schoolProviderName(config: AppConfig, org: Org): ProviderName | null {
  return providerNameFor(config.payments, hasTuCompraFlag(org));
}

const epoch = (iso: string | null) => (iso === null ? null : Math.floor(Date.parse(iso) / 1000));

/** A payment row as the payer sees it; its checkout link only while it is open. */
export function toPayment(row: PaymentRow): Payment {
  const status = row.status as PaymentStatus;
  return {
    id: row.id,
    debitId: row.debit_id,
    provider: row.provider as ProviderName,
    status,
    amount: toMoney(row.amount),
    currency: row.currency,
    checkoutUrl: status === 'pending' ? row.checkout_url : null,
    creditId: row.credit_id,
    createdAt: epoch(row.created_at)!,
    completedAt: epoch(row.completed_at),
  };
}

const startedOf = (row: PaymentRow): PaymentStarted => {
  const { id, status, checkoutUrl, amount, currency } = toPayment(row);
  return { id, status, checkoutUrl, amount, currency };
};

/** The payer's earlier payment under `key`: the same answer for the same debit, 409 for another. */
function replayOf(existing: PaymentRow, debitId: number): { created: false; payment: PaymentStarted } {
  if (existing.debit_id !== debitId) throw conflict('idempotency_key_reused', 'This Idempotency-Key already started a payment of another debit: use a new key');
  return { created: false, payment: startedOf(existing) };
}

/** POST billing/debits/{id}/payments: the payment (new: created) of the debit's balance today. */
export async function startPayment(ctx: RequestContext, debitId: number, key: string): Promise<{ created: boolean; payment: PaymentStarted }> {
  const caller = requireCaller(ctx);
  const { org, db } = ctx;
  const earlier = await findPaymentByKey(db, org.id, caller.id, key);
  if (earlier) return replayOf(earlier, debitId);
  const debit = await findDebitForBalance(db, org.id, debitId);
  if (!debit) throw noDebit();
  const { balance } = debitBalanceToday(debit, interestRuleOf(org), todayOf(org));
  if (debit.paid_on !== null || balance <= 0) throw conflict('debit_paid', 'This debit is already paid');
  const providerName = schoolProviderName(ctx.services.config, org);
  if (providerName === null) throw paymentsUnavailable();
  const open = await findOpenPayment(db, org.id, debitId);
  if (open) return { created: false, payment: startedOf(open) };
  let id: number | null;
  try {
    id = await db.transaction().execute(async (trx) => {
      const provider = providerOrFail(providerName, ctx.services.config, trx);
      const createdAt = nowIso();
      const paymentId = await insertPayment(trx, { orgId: org.id, debitId, personId: debit.person_id, payerId: caller.id, provider: providerName, key, amount: balance, currency: debit.currency, createdAt });
      if (paymentId === null) return null;
      const checkout = await provider.createCheckout({
        orgId: org.id,
        orgCode: org.code,
        paymentId,
        reference: referenceOf(org.code, paymentId),
        amount: balance,
        currency: debit.currency,
        description: [debit.period, debit.description].filter(Boolean).join(' · '),
        origin: ctx.origin,
        returnUrl: `${ctx.origin}/billing/debits/${debitId}?payment=${paymentId}`,
      });
      await setPaymentCheckout(trx, org.id, paymentId, checkout.checkoutUrl, checkout.providerRef);
      await scheduleReconcile(trx, ctx.services.jobs, org.id, new Date(createdAt));
      return paymentId;
    });
  } catch (err) {
    if (err instanceof ProviderUnavailable) throw unavailable(`The payment gateway is not available now: ${err.message}`);
    throw err;
  }
  if (id !== null) {
    const row = await findPayment(db, org.id, id);
    if (!row) throw new Error('A payment just written is missing');
    return { created: true, payment: startedOf(row) };
  }
  // Null: a request with the same key, or another payment of the debit, committed first; answer it.
  const same = await findPaymentByKey(db, org.id, caller.id, key);
  if (same) return replayOf(same, debitId);
  const other = await findOpenPayment(db, org.id, debitId);
  if (other) return { created: false, payment: startedOf(other) };
  // The payment that held the debit was settled in between: the submit may simply be sent again.
  throw conflict('payment_settled_meanwhile', 'Another payment of this debit was just completed: look at the debit again');
}

function providerOrFail(name: ProviderName, config: AppConfig, db: Database): PaymentProvider {
  const provider = paymentProviderFor(name, config, db);
  if (!provider) throw unavailable(`The ${name} gateway is not configured on this server`);
  return provider;
}

/** GET billing/payments/{id} (the policy checked the caller). */
export async function getPayment(ctx: RequestContext, id: number): Promise<Payment> {
  const row = await findPayment(ctx.db, ctx.org.id, id);
  if (!row) throw new HttpError(404, 'not_found', 'There is no such payment');
  return toPayment(row);
}
