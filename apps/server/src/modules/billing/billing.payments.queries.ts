import type { Selectable } from 'kysely';
import type { Database } from '../../db/database';
import { scopedToOrg } from '../../db/scope';
import type { BillingPaymentTable } from '../../db/types-billing';

// The SQL of online payments (billing.payments.ts holds the rules): billing_payments and the webhook
// log. The move out of `pending` is one conditional UPDATE whose row count says whether this caller
// made it, so a payment is applied by exactly one transaction.

/** A billing_payments row as read (amount: number on SQLite, string on PostgreSQL). */
export type PaymentRow = Selectable<BillingPaymentTable>;

export async function findPayment(db: Database, orgId: number, id: number): Promise<PaymentRow | null> {
  return (await db.selectFrom('billing_payments').selectAll().where(scopedToOrg(orgId)).where('id', '=', id).executeTakeFirst()) ?? null;
}

export async function findPaymentByKey(db: Database, orgId: number, payerId: number, key: string): Promise<PaymentRow | null> {
  return (
    (await db.selectFrom('billing_payments').selectAll().where(scopedToOrg(orgId)).where('payer_id', '=', payerId).where('idempotency_key', '=', key).executeTakeFirst()) ?? null
  );
}

/** The debit's open (pending) payment, whoever started it: there is at most one (migration 023). */
export async function findOpenPayment(db: Database, orgId: number, debitId: number): Promise<PaymentRow | null> {
  return (await db.selectFrom('billing_payments').selectAll().where(scopedToOrg(orgId)).where('debit_id', '=', debitId).where('status', '=', 'pending').executeTakeFirst()) ?? null;
}

/**
 * A new pending payment, or null when the payer's key is taken or the debit has an open payment (by a
 * request that got there first): both are unique keys, and any conflict inserts nothing.
 */
export async function insertPayment(
  trx: Database,
  p: { orgId: number; debitId: number; personId: number; payerId: number; provider: string; key: string; amount: number; currency: string; createdAt: string },
): Promise<number | null> {
  const row = await trx
    .insertInto('billing_payments')
    .values({
      org_id: p.orgId,
      debit_id: p.debitId,
      person_id: p.personId,
      payer_id: p.payerId,
      provider: p.provider,
      idempotency_key: p.key,
      amount: p.amount,
      currency: p.currency,
      status: 'pending',
      created_at: p.createdAt,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function setPaymentCheckout(trx: Database, orgId: number, id: number, checkoutUrl: string, providerRef: string | null): Promise<void> {
  await trx.updateTable('billing_payments').set({ checkout_url: checkoutUrl, provider_ref: providerRef }).where(scopedToOrg(orgId)).where('id', '=', id).execute();
}

/**
 * pending (or declined: a gateway may approve a later attempt of the same reference) → approved.
 * Answers whether this call made the move.
 */
export async function markPaymentApproved(trx: Database, orgId: number, id: number, at: string, providerRef: string | null): Promise<boolean> {
  const result = await trx
    .updateTable('billing_payments')
    .set((eb) => ({ status: 'approved', completed_at: at, failure: null, provider_ref: providerRef === null ? eb.ref('provider_ref') : eb.val(providerRef) }))
    .where(scopedToOrg(orgId))
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'declined'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** pending → declined; answers whether this call made the move. */
export async function markPaymentDeclined(trx: Database, orgId: number, id: number, at: string, providerRef: string | null): Promise<boolean> {
  const result = await trx
    .updateTable('billing_payments')
    .set((eb) => ({ status: 'declined', completed_at: at, failure: 'declined', provider_ref: providerRef === null ? eb.ref('provider_ref') : eb.val(providerRef) }))
    .where(scopedToOrg(orgId))
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setPaymentCredit(trx: Database, orgId: number, id: number, creditId: number): Promise<void> {
  await trx.updateTable('billing_payments').set({ credit_id: creditId }).where(scopedToOrg(orgId)).where('id', '=', id).execute();
}

export async function markPaymentChecked(db: Database, orgId: number, id: number, at: string): Promise<void> {
  await db.updateTable('billing_payments').set({ checked_at: at }).where(scopedToOrg(orgId)).where('id', '=', id).execute();
}

/** Pending payments created between `from` and `to` (ISO instants), oldest first. */
export async function findPendingPayments(db: Database, orgId: number, from: string, to: string, limit: number): Promise<PaymentRow[]> {
  return db
    .selectFrom('billing_payments')
    .selectAll()
    .where(scopedToOrg(orgId))
    .where('status', '=', 'pending')
    .where('created_at', '>=', from)
    .where('created_at', '<=', to)
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/** One more refused notification of `reason`: a counter, the refused body is never kept. */
export async function countWebhookRefusal(db: Database, e: { orgId: number; provider: string; reason: string; at: string }): Promise<void> {
  await db
    .insertInto('billing_webhook_refusals')
    .values({ org_id: e.orgId, provider: e.provider, reason: e.reason, count: 1, last_at: e.at })
    .onConflict((oc) => oc.columns(['org_id', 'provider', 'reason']).doUpdateSet((eb) => ({ count: eb('billing_webhook_refusals.count', '+', 1), last_at: e.at })))
    .execute();
}

export async function insertWebhookEvent(
  db: Database,
  e: { orgId: number; provider: string; paymentId: number | null; verified: boolean; outcome: string; body: string; receivedAt: string },
): Promise<void> {
  await db
    .insertInto('billing_webhook_events')
    .values({ org_id: e.orgId, provider: e.provider, payment_id: e.paymentId, verified: e.verified ? 1 : 0, outcome: e.outcome, body: e.body, received_at: e.receivedAt })
    .execute();
}

/** The student a debit of the school bills, or null when the school has no such debit. */
export async function findDebitStudent(db: Database, orgId: number, debitId: number): Promise<number | null> {
  const row = await db.selectFrom('billing_debits').select('person_id').where(scopedToOrg(orgId)).where('id', '=', debitId).executeTakeFirst();
  return row?.person_id ?? null;
}
