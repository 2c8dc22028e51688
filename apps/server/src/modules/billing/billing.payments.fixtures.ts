import type { LightMyRequestResponse } from 'fastify';
import { sandboxSecretOf, signSandboxBody } from '../../platform/payments/sandbox';
import type { TestPerson } from '../../test/factories';
import type { Org, TestApp } from '../../test/harness';
import { applyCredit, createDebit, recordCredit } from './billing.ledger';

// Builders of the online payment tests: debits, payments started through the API, and notices signed
// the way the sandbox gateway signs them.

let counter = 0;

/** A debit of `student` (COP, due in a month): a tuition line and a transport line by default. */
export async function makeDebit(t: TestApp, org: Org, student: TestPerson, concepts = [{ name: 'Pensión', observations: '', value: 300_000 }, { name: 'Transporte', observations: '', value: 150_000 }]): Promise<number> {
  const today = new Date().toISOString().slice(0, 10);
  const due = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const { id } = await t.db.transaction().execute((trx) =>
    createDebit(trx, { orgId: org.id, personId: student.id, period: `2026-${String((++counter % 12) + 1).padStart(2, '0')}`, description: 'Mensualidad', issueDate: today, expirationDate: due, currency: 'COP', concepts }),
  );
  return id;
}

/** POST billing/debits/{id}/payments as `payer` with `key` (none when null). */
export async function startPayment(t: TestApp, payer: TestPerson, debitId: number, key: string | null, body?: unknown): Promise<LightMyRequestResponse> {
  return t.request({
    method: 'POST',
    url: `/api/${payer.org.code}/billing/debits/${debitId}/payments`,
    token: await t.signIn(payer),
    headers: key === null ? {} : { 'idempotency-key': key },
    body,
  });
}

/** The path of a sandbox checkout link, and its token. */
export function checkoutOf(checkoutUrl: string): { path: string; token: string } {
  const path = new URL(checkoutUrl).pathname;
  return { path, token: path.split('/').pop()! };
}

/** The sandbox's checkout form submitted with `outcome`. */
export function submitCheckout(t: TestApp, path: string, outcome: string): Promise<LightMyRequestResponse> {
  return t.request({ method: 'POST', url: path, body: `outcome=${encodeURIComponent(outcome)}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
}

export interface Notice {
  reference: string;
  token: string;
  status: 'approved' | 'declined';
  amount: number;
  currency: string;
}

/** A sandbox notice as raw JSON with its X-Sandbox-Signature (signed with `secret` when given, else the server's). */
export function signedNotice(t: TestApp, notice: Notice, options: { timestamp?: number; secret?: Buffer } = {}): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify({ type: 'charge.completed', ...notice });
  const signature = signSandboxBody(options.secret ?? sandboxSecretOf(t.config.jwtSecret), body, options.timestamp ?? Math.floor(Date.now() / 1000));
  return { body, headers: { 'content-type': 'application/json', 'x-sandbox-signature': signature } };
}

/** POST billing/providers/{provider}/webhook of `org` with a raw body. */
export function postWebhook(t: TestApp, org: Org, signed: { body: string; headers: Record<string, string> }, provider = 'sandbox'): Promise<LightMyRequestResponse> {
  return t.request({ method: 'POST', url: `/api/${org.code}/billing/providers/${provider}/webhook`, body: signed.body, headers: signed.headers });
}

/** What the ledger holds for a payment: its row, its credits, and its debit's paid state. */
export async function ledgerOf(t: TestApp, orgId: number, paymentId: number) {
  const payment = await t.db.selectFrom('billing_payments').selectAll().where('org_id', '=', orgId).where('id', '=', paymentId).executeTakeFirstOrThrow();
  const credits = await t.db.selectFrom('billing_credits').selectAll().where('org_id', '=', orgId).where('payment_id', '=', paymentId).execute();
  const debit = await t.db.selectFrom('billing_debits').selectAll().where('org_id', '=', orgId).where('id', '=', payment.debit_id).executeTakeFirstOrThrow();
  const distributions = await t.db
    .selectFrom('billing_distributions')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('credit_id', 'in', credits.length ? credits.map((c) => c.id) : [0])
    .where('reversed_at', 'is', null)
    .execute();
  const events = await t.db.selectFrom('billing_webhook_events').selectAll().where('org_id', '=', orgId).where('payment_id', '=', paymentId).orderBy('id').execute();
  return { payment, credits, debit, distributions, events };
}

/** Moves a payment's start back, as if it had waited `ms` for its webhook. */
export async function agePayment(t: TestApp, orgId: number, paymentId: number, ms: number): Promise<void> {
  await t.db.updateTable('billing_payments').set({ created_at: new Date(Date.now() - ms).toISOString() }).where('org_id', '=', orgId).where('id', '=', paymentId).execute();
}

/** A fresh debit of `student` and `payer`'s pending sandbox payment of it: its id and checkout token. */
export async function freshSandboxPayment(t: TestApp, payer: TestPerson, student: TestPerson): Promise<{ paymentId: number; token: string }> {
  const debitId = await makeDebit(t, student.org, student);
  const res = await startPayment(t, payer, debitId, `fixture-${++counter}-${Date.now()}`);
  if (res.statusCode !== 201) throw new Error(`No payment: ${res.body}`);
  return { paymentId: res.json().id, token: checkoutOf(res.json().checkoutUrl).token };
}

/** A refund waiting for treasury: `payer`'s payment of a debit of `student`, approved after the debit was paid in cash. */
export async function makeRefund(t: TestApp, payer: TestPerson, student: TestPerson): Promise<number> {
  const debitId = await makeDebit(t, student.org, student);
  const res = await startPayment(t, payer, debitId, `refund-${++counter}-${Date.now()}`);
  if (res.statusCode !== 201) throw new Error(`No payment: ${res.body}`);
  const today = new Date().toISOString().slice(0, 10);
  await t.db.transaction().execute(async (trx) => {
    const credit = await recordCredit(trx, { orgId: student.org.id, personId: student.id, method: 'cash', value: 450_000, date: today, effectiveDate: today, currency: 'COP' });
    await applyCredit(trx, { orgId: student.org.id, creditId: credit.id, debitId, today });
  });
  await submitCheckout(t, checkoutOf(res.json().checkoutUrl).path, 'approved');
  const refund = await t.db.selectFrom('billing_refunds').select('id').where('org_id', '=', student.org.id).where('payment_id', '=', res.json().id).executeTakeFirstOrThrow();
  return refund.id;
}
