import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { parsePayments } from '../../platform/payments/payment-settings';
import { referenceOf } from '../../platform/payments/providers';
import { sandboxSecretOf, signSandboxBody } from '../../platform/payments/sandbox';
import { describeOnDatabases, type TestApp } from '../../test/harness';
import { makeWorld, type World } from '../../test/world';
import { checkoutOf, ledgerOf, makeDebit, makeRefund, postWebhook, signedNotice, startPayment, submitCheckout } from './billing.payments.fixtures';
import { WEBHOOK_LIMITS } from './billing.webhook.limiter';

// Issue 29: online payments safe for a real school. Item 1: a production server simulates payments only
// when told to. Item 4: refused notifications keep nothing but a counter and are rate-limited; a debit
// has one open payment at a time; a payment approved after its debit was paid becomes a refund.

/** The debit screen, the sandbox's pages and the settings of a server: what a family and treasury meet. */
async function surfaceOf(t: TestApp, w: World) {
  const debitId = await makeDebit(t, w.school, w.studentA);
  const debit = await t.request({ method: 'GET', url: `/api/${w.school.code}/billing/debits/${debitId}`, token: await t.signIn(w.parentA) });
  const pay = await startPayment(t, w.parentA, debitId, `surface-${debitId}`);
  const settings = await t.request({ method: 'GET', url: `/api/${w.school.code}/billing/settings`, token: await t.signIn(w.admin) });
  return { debitId, debit: debit.json(), pay, settings: settings.json() };
}

const sandboxPaths = (w: World) => ({
  checkout: `/api/${w.school.code}/billing/providers/sandbox/checkout/${'A'.repeat(32)}`,
});

describeOnDatabases(
  'item 1: payments on a production server without PAYMENT_PROVIDER',
  (t) => {
    let w: World;
    beforeAll(async () => {
      w = await makeWorld(t);
    });

    it('item 1: payments: production without PAYMENT_PROVIDER takes no online payment and simulates none', async () => {
      const { debit, pay, settings } = await surfaceOf(t, w);
      expect(debit).toMatchObject({ canPay: false, paymentsAvailable: false });
      expect([pay.statusCode, pay.json().error]).toEqual([409, 'payments_unavailable']);
      expect(settings.provider).toBeNull();
      expect(await t.db.selectFrom('billing_payments').select('id').where('org_id', '=', w.school.id).execute()).toEqual([]);
      // The sandbox's public pages and its webhook do not exist here.
      const page = await t.request({ method: 'GET', url: sandboxPaths(w).checkout, headers: { accept: 'text/html' } });
      expect([page.statusCode, page.json().error]).toEqual([404, 'not_found']);
      expect((await submitCheckout(t, sandboxPaths(w).checkout, 'approved')).statusCode).toBe(404);
      const notice = signedNotice(t, { reference: referenceOf(w.school.code, 1), token: 'x', status: 'approved', amount: 1, currency: 'COP' });
      expect((await postWebhook(t, w.school, notice)).statusCode).toBe(404);
    });
  },
  { payments: parsePayments({}, true) },
);

describeOnDatabases(
  'item 1: payments on a production server with PAYMENT_PROVIDER=sandbox',
  (t) => {
    let w: World;
    beforeAll(async () => {
      w = await makeWorld(t);
    });

    it('item 1: payments: an explicit PAYMENT_PROVIDER=sandbox still works in production', async () => {
      const { debit, pay, settings } = await surfaceOf(t, w);
      expect(debit).toMatchObject({ canPay: true, paymentsAvailable: true });
      expect(pay.statusCode, pay.body).toBe(201);
      expect(settings.provider).toBe('sandbox');
      const back = await submitCheckout(t, checkoutOf(pay.json().checkoutUrl).path, 'approved');
      expect(back.statusCode).toBe(303);
      expect((await ledgerOf(t, w.school.id, pay.json().id)).payment.status).toBe('approved');
    });
  },
  { payments: parsePayments({ PAYMENT_PROVIDER: 'sandbox' }, true) },
);

describeOnDatabases('item 4: payment webhooks and open payments', (t) => {
  let w: World;
  beforeAll(async () => {
    w = await makeWorld(t);
  });

  /** A fresh debit of student A and parent A's pending sandbox payment of it. */
  async function pendingPayment() {
    const debitId = await makeDebit(t, w.school, w.studentA);
    const res = await startPayment(t, w.parentA, debitId, `k-${debitId}`);
    expect(res.statusCode, res.body).toBe(201);
    const started = res.json();
    return { debitId, started, ...checkoutOf(started.checkoutUrl), reference: referenceOf(w.school.code, started.id) };
  }

  const eventCount = async () => (await t.db.selectFrom('billing_webhook_events').select('id').where('org_id', '=', w.school.id).execute()).length;
  const refusals = async () =>
    Object.fromEntries(
      (await t.db.selectFrom('billing_webhook_refusals').select(['provider', 'reason', 'count']).where('org_id', '=', w.school.id).execute()).map((r) => [`${r.provider}:${r.reason}`, Number(r.count)]),
    );

  /** POST the webhook from `ip`, as a gateway (or a prober) elsewhere on the Internet would. */
  function postFrom(ip: string, signed: { body: string; headers: Record<string, string> }): Promise<LightMyRequestResponse> {
    return t.app.inject({ method: 'POST', url: `/api/${w.school.code}/billing/providers/sandbox/webhook`, payload: signed.body, headers: signed.headers, remoteAddress: ip });
  }

  describe('refused notifications', () => {
    it('item 4: a refused webhook stores no body, only a counter per reason', async () => {
      const { started, token, reference } = await pendingPayment();
      const events = await eventCount();
      const before = await refusals();
      const secret = 'SECRET-FROM-A-PROBER';
      const notice = { reference, token, status: 'approved' as const, amount: 450_000, currency: 'COP' };
      const badSignature = { body: JSON.stringify({ ...notice, type: 'charge.completed', secret }), headers: { 'content-type': 'application/json', 'x-sandbox-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` } };
      const unknownReference = signedNotice(t, { ...notice, reference: referenceOf(w.school.code, 999_999), token: secret });
      // Signed with the right key but not a notice: only a forger holding the key could send it.
      const malformedBody = JSON.stringify({ type: 'charge.completed', secret });
      const malformed = { body: malformedBody, headers: { 'content-type': 'application/json', 'x-sandbox-signature': signSandboxBody(sandboxSecretOf(t.config.jwtSecret), malformedBody, Math.floor(Date.now() / 1000)) } };

      const answers = [await postFrom('203.0.113.10', badSignature), await postFrom('203.0.113.10', unknownReference), await postFrom('203.0.113.10', malformed)];
      expect(answers.map((a) => [a.statusCode, a.json().error])).toEqual([
        [401, 'invalid_signature'],
        [404, 'payment_not_found'],
        [400, 'invalid_notification'],
      ]);
      expect(await eventCount()).toBe(events);
      const after = await refusals();
      for (const key of ['sandbox:invalid_signature', 'sandbox:payment_not_found', 'sandbox:invalid_body']) expect((after[key] ?? 0) - (before[key] ?? 0), key).toBe(1);
      // Nowhere in the database is the prober's text.
      const kept = await t.db.selectFrom('billing_webhook_events').select('body').where('org_id', '=', w.school.id).execute();
      expect(kept.some((e) => e.body.includes(secret))).toBe(false);
      expect((await ledgerOf(t, w.school.id, started.id)).payment.status).toBe('pending');
    });

    it('item 4: a sender whose notifications keep being refused gets 429; other senders are still served', async () => {
      const prober = '198.51.100.7';
      const bad = { body: '{}', headers: { 'content-type': 'application/json', 'x-sandbox-signature': 't=1,v1=00' } };
      for (let i = 0; i < WEBHOOK_LIMITS.refusedPerTenMinutes; i++) expect((await postFrom(prober, bad)).statusCode).toBe(401);
      const counted = (await refusals())['sandbox:invalid_signature'];
      const limited = await postFrom(prober, bad);
      expect([limited.statusCode, limited.json().error]).toEqual([429, 'too_many_attempts']);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // Even a well-signed notification waits: the limit is the sender's, checked before the body is read.
      const { token, reference, started } = await pendingPayment();
      const good = signedNotice(t, { reference, token, status: 'declined', amount: 450_000, currency: 'COP' });
      expect((await postFrom(prober, good)).statusCode).toBe(429);
      expect((await refusals())['sandbox:invalid_signature']).toBe(counted);
      const served = await postFrom('192.0.2.20', good);
      expect([served.statusCode, served.json()]).toEqual([200, { received: true, status: 'declined' }]);
      expect((await ledgerOf(t, w.school.id, started.id)).payment.status).toBe('declined');
    });

    it('item 4: a webhook body over 64 KiB is 413 and keeps nothing', async () => {
      const events = await eventCount();
      const before = await refusals();
      const res = await postFrom('192.0.2.30', { body: JSON.stringify({ pad: 'x'.repeat(64 * 1024) }), headers: { 'content-type': 'application/json', 'x-sandbox-signature': 't=1,v1=00' } });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
      expect(await eventCount()).toBe(events);
      expect(await refusals()).toEqual(before);
    });
  });

  describe('one open payment per debit', () => {
    it('item 4: a second payment with another key while one is pending answers the pending one', async () => {
      const { debitId, started } = await pendingPayment();
      const again = await startPayment(t, w.parentA, debitId, 'another-tab');
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(started);
      // The other payers of the family and treasury meet the same open payment.
      const parent2 = await t.makePerson(w.school, { relativeOf: w.studentA, gender: 'female', firstName: 'Paula' });
      for (const payer of [parent2, w.admin]) {
        // The debit's screen shows them the open payment before they pay, and paying answers it.
        const screen = await t.request({ method: 'GET', url: `/api/${w.school.code}/billing/debits/${debitId}`, token: await t.signIn(payer) });
        expect(screen.json().lastPayment, payer.firstName).toMatchObject({ id: started.id, status: 'pending', checkoutUrl: started.checkoutUrl });
        const res = await startPayment(t, payer, debitId, `payer-${payer.id}`);
        expect([res.statusCode, res.json().id], payer.firstName).toEqual([200, started.id]);
      }
      const rows = await t.db.selectFrom('billing_payments').select('id').where('org_id', '=', w.school.id).where('debit_id', '=', debitId).execute();
      expect(rows).toHaveLength(1);
      // Once it is declined, a new payment may start.
      await submitCheckout(t, checkoutOf(started.checkoutUrl).path, 'declined');
      const next = await startPayment(t, w.parentA, debitId, 'after-declined');
      expect(next.statusCode).toBe(201);
      expect(next.json().id).not.toBe(started.id);
    });

    it('item 4: 20 parallel payments of one debit with different keys start one payment', async () => {
      const debitId = await makeDebit(t, w.school, w.studentA);
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => startPayment(t, i % 2 ? w.parentA : w.admin, debitId, `parallel-${i}`)));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([...Array(19).fill(200), 201]);
      expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
      const rows = await t.db.selectFrom('billing_payments').select('id').where('org_id', '=', w.school.id).where('debit_id', '=', debitId).execute();
      expect(rows).toHaveLength(1);
      const charges = await t.db.selectFrom('billing_sandbox_charges').select('token').where('org_id', '=', w.school.id).where('payment_id', '=', rows[0].id).execute();
      expect(charges).toHaveLength(1);
    });
  });

  describe('an approval after the debit was paid', () => {
    it('item 4: a late approval becomes a credit to apply and a refund for treasury, never a second charge', async () => {
      const { debitId, started, path } = await pendingPayment();
      // Treasury takes the family's cash at the office while the online payment is still open.
      const cash = await t.request({
        method: 'POST',
        url: `/api/${w.school.code}/people/${w.studentA.id}/billing/credits`,
        token: await t.signIn(w.employee),
        body: { method: 'cash', value: 450_000, date: '2026-01-10', debitId },
      });
      expect(cash.statusCode, cash.body).toBe(201);
      expect((await submitCheckout(t, path, 'approved')).statusCode).toBe(303);

      const ledger = await ledgerOf(t, w.school.id, started.id);
      expect(ledger.payment.status).toBe('approved');
      expect(Number(ledger.debit.paid)).toBe(450_000);
      expect(ledger.credits).toHaveLength(1);
      expect([Number(ledger.credits[0].value), Number(ledger.credits[0].applied)]).toEqual([450_000, 0]);
      const toApply = await t.request({ method: 'GET', url: `/api/${w.school.code}/people/${w.parentA.id}/billing/credits?balance=true`, token: await t.signIn(w.parentA) });
      expect(toApply.json().map((c: { id: number }) => c.id)).toContain(ledger.credits[0].id);

      const refunds = async (state = 'open', person = w.admin) => t.request({ method: 'GET', url: `/api/${person.org.code}/billing/refunds?state=${state}`, token: await t.signIn(person) });
      const open = await refunds();
      expect(open.statusCode).toBe(200);
      const refund = open.json().find((r: { paymentId: number }) => r.paymentId === started.id);
      expect(refund).toMatchObject({ amount: 450_000, currency: 'COP', creditId: ledger.credits[0].id, debitId, person: { id: w.studentA.id }, doneAt: null, doneBy: null });

      const done = async (person = w.admin, body: unknown = { note: 'Transferencia 123' }) =>
        t.request({ method: 'POST', url: `/api/${person.org.code}/billing/refunds/${refund.id}/done`, token: await t.signIn(person), body });
      expect((await t.request({ method: 'POST', url: `/api/${w.school.code}/billing/refunds/${refund.id}/done`, body: {} })).statusCode).toBe(401);
      for (const person of [w.parentA, w.studentA, w.teacherA]) expect((await refunds('open', person)).statusCode).toBe(403);
      for (const person of [w.parentA, w.teacherA]) expect((await done(person)).statusCode).toBe(403);
      expect((await done(w.otherAdmin)).statusCode).toBe(404);
      expect((await done(w.admin, { note: 'a\u0000b' })).statusCode).toBe(400);
      expect((await done(w.admin, { note: 'x'.repeat(501) })).statusCode).toBe(400);
      const marked = await done();
      expect(marked.statusCode).toBe(200);
      expect(marked.json()).toMatchObject({ note: 'Transferencia 123', doneBy: { id: w.admin.id }, doneAt: expect.any(Number) });
      const repeat = await done(w.employee, { note: 'otra' });
      expect(repeat.json()).toEqual(marked.json());
      expect((await refunds()).json().some((r: { id: number }) => r.id === refund.id)).toBe(false);
      expect((await refunds('done')).json().map((r: { id: number }) => r.id)).toContain(refund.id);
      expect((await refunds('bogus')).statusCode).toBe(400);
    });

    it('item 4: an approval that the debit takes in full makes no refund', async () => {
      const { started, path } = await pendingPayment();
      await submitCheckout(t, path, 'approved');
      const rows = await t.db.selectFrom('billing_refunds').select('id').where('org_id', '=', w.school.id).where('payment_id', '=', started.id).execute();
      expect(rows).toEqual([]);
    });
  });

  describe('attacks', () => {
    it('item 4: another family, a student and another school cannot pay or read a debit, nor reach its refunds', async () => {
      const { debitId, started } = await pendingPayment();
      const norteAdmin = w.otherAdmin;
      // Another family's parent and student, and student A themself (the school keeps billing to the family).
      for (const person of [w.parentB, w.studentB, w.studentA, w.teacherA]) {
        const pay = await startPayment(t, person, debitId, `intruder-${person.id}`);
        expect([pay.statusCode, pay.json().error], person.firstName).toEqual([403, 'forbidden']);
        const read = await t.request({ method: 'GET', url: `/api/${w.school.code}/billing/payments/${started.id}`, token: await t.signIn(person) });
        expect(read.statusCode, person.firstName).toBe(403);
      }
      // Norte's administrator: at home the debit does not exist; with norte's token on this school, refused.
      const atHome = await t.request({ method: 'POST', url: `/api/${norteAdmin.org.code}/billing/debits/${debitId}/payments`, token: await t.signIn(norteAdmin), headers: { 'idempotency-key': 'norte' } });
      expect(atHome.statusCode).toBe(404);
      const cross = await t.request({ method: 'POST', url: `/api/${w.school.code}/billing/debits/${debitId}/payments`, token: await t.signIn(norteAdmin), headers: { 'idempotency-key': 'norte' } });
      expect(cross.statusCode).toBe(403);
      const refunds = await t.request({ method: 'GET', url: `/api/${w.school.code}/billing/refunds`, token: await t.signIn(norteAdmin) });
      expect(refunds.statusCode).toBe(403);
      // Nothing of it was written: the debit still has its one open payment.
      const rows = await t.db.selectFrom('billing_payments').select('id').where('org_id', '=', w.school.id).where('debit_id', '=', debitId).execute();
      expect(rows.map((r) => r.id)).toEqual([started.id]);
    });

    it('item 4: a refund marked done by 10 parallel requests is marked once, and every answer agrees', async () => {
      const id = await makeRefund(t, w.parentA, w.studentA);
      const callers = [w.admin, w.employee];
      const answers = await Promise.all(
        Array.from({ length: 10 }, async (_, i) => {
          const person = callers[i % 2];
          return t.request({ method: 'POST', url: `/api/${w.school.code}/billing/refunds/${id}/done`, token: await t.signIn(person), body: { note: `nota ${i}` } });
        }),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
      const first = answers[0].json();
      for (const a of answers) expect(a.json()).toEqual(first);
      const row = await t.db.selectFrom('billing_refunds').selectAll().where('org_id', '=', w.school.id).where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.note).toBe(first.note);
      expect(row.done_by).toBe(first.doneBy.id);
      // Another school's administrator finds no such refund at home.
      const norte = await t.request({ method: 'POST', url: `/api/${w.otherAdmin.org.code}/billing/refunds/${id}/done`, token: await t.signIn(w.otherAdmin), body: {} });
      expect([norte.statusCode, norte.json().error]).toEqual([404, 'not_found']);
    });
  });
});
