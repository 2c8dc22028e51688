import { formatMinor } from '@patio/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { referenceOf } from '../../platform/payments/providers';
import { settleSandboxCharge } from '../../platform/payments/sandbox.queries';
import { describeOnDatabases } from '../../test/harness';
import { makeWorld, type World } from '../../test/world';
import { applyCredit, recordCredit } from './billing.ledger';
import { agePayment, checkoutOf, ledgerOf, makeDebit, postWebhook, signedNotice, startPayment, submitCheckout } from './billing.payments.fixtures';
import { reconcilePayments, reconcilePaymentsJob } from './billing.reconcile';

describeOnDatabases('online payments', (t) => {
  let w: World;
  beforeAll(async () => {
    w = await makeWorld(t);
  });

  /** A fresh debit of student A and parent A's pending sandbox payment of it. */
  async function pendingPayment(key = `k-${Math.random()}`) {
    const debitId = await makeDebit(t, w.school, w.studentA);
    const res = await startPayment(t, w.parentA, debitId, key);
    expect(res.statusCode, res.body).toBe(201);
    const started = res.json();
    return { debitId, started, ...checkoutOf(started.checkoutUrl), reference: referenceOf(w.school.code, started.id) };
  }

  describe('through the sandbox gateway', () => {
    it('pays a debit: checkout page, approval, back to the debit, paid with a distributed online credit', async () => {
      const { debitId, started, path, reference } = await pendingPayment();
      expect(started).toMatchObject({ status: 'pending', amount: 450_000, currency: 'COP' });

      const page = await t.request({ method: 'GET', url: path });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain(w.school.title);
      expect(page.body).toContain(formatMinor(450_000, 'COP').replace(/\u00a0/g, '\u00a0'));
      expect(page.body).toContain('Sandbox — no real money');
      expect(page.body).toMatch(/name="outcome" value="approved"/);
      expect(page.body).toMatch(/name="outcome" value="declined"/);
      expect(page.body).not.toContain('<script');

      const back = await submitCheckout(t, path, 'approved');
      expect(back.statusCode).toBe(303);
      expect(back.headers.location).toBe(`/billing/debits/${debitId}?payment=${started.id}`);

      const polled = await t.request({ method: 'GET', url: `/api/${w.school.code}/billing/payments/${started.id}`, token: await t.signIn(w.parentA) });
      expect(polled.statusCode).toBe(200);
      expect(polled.json()).toMatchObject({ id: started.id, debitId, provider: 'sandbox', status: 'approved', amount: 450_000, checkoutUrl: null });
      expect(polled.json().creditId).toEqual(expect.any(Number));

      const ledger = await ledgerOf(t, w.school.id, started.id);
      expect(ledger.credits).toHaveLength(1);
      // The family reads the credit's reference: ours, never the secret of the checkout link.
      expect(ledger.credits[0]).toMatchObject({ method: 'online', person_id: w.studentA.id, id: ledger.payment.credit_id, reference, note: '' });
      expect(path).not.toContain(reference);
      expect(Number(ledger.credits[0].value)).toBe(450_000);
      expect(Number(ledger.credits[0].applied)).toBe(450_000);
      expect(ledger.distributions.map((d) => Number(d.value)).sort()).toEqual([150_000, 300_000]);
      expect(ledger.debit.paid_on).not.toBeNull();
      expect(ledger.events.map((e) => [e.verified, e.outcome])).toEqual([[1, 'applied']]);
    });

    it('declines: no credit, the debit still owed, and a second submit keeps the first outcome', async () => {
      const { started, path } = await pendingPayment();
      expect((await submitCheckout(t, path, 'declined')).statusCode).toBe(303);
      expect((await submitCheckout(t, path, 'approved')).statusCode).toBe(303);
      const ledger = await ledgerOf(t, w.school.id, started.id);
      expect(ledger.payment.status).toBe('declined');
      expect(ledger.credits).toHaveLength(0);
      expect(ledger.debit.paid_on).toBeNull();
      const page = await t.request({ method: 'GET', url: path });
      expect(page.body).toContain('Payment declined');
      expect(page.body).not.toContain('<form');
    });

    it('answers a link that never was with a 404 page', async () => {
      const url = `/api/${w.school.code}/billing/providers/sandbox/checkout/${'A'.repeat(32)}`;
      const res = await t.request({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('Sandbox — no real money');
      const api = await t.request({ method: 'GET', url });
      expect([api.statusCode, api.json().error]).toEqual([404, 'not_found']);
      expect((await submitCheckout(t, `/api/${w.school.code}/billing/providers/sandbox/checkout/${'A'.repeat(32)}`, 'approved')).statusCode).toBe(404);
    });
  });

  describe('exactly once', () => {
    it('applies the same signed webhook twice as one credit', async () => {
      const { started, token, reference } = await pendingPayment();
      await settleSandboxCharge(t.db, w.school.id, token, 'approved', new Date().toISOString());
      const notice = signedNotice(t, { reference, token, status: 'approved', amount: 450_000, currency: 'COP' });
      const first = await postWebhook(t, w.school, notice);
      const second = await postWebhook(t, w.school, notice);
      expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
      expect(second.json()).toEqual({ received: true, status: 'approved' });
      const ledger = await ledgerOf(t, w.school.id, started.id);
      expect(ledger.credits).toHaveLength(1);
      expect(ledger.events.map((e) => e.outcome)).toEqual(['applied', 'duplicate']);
    });

    it('takes the webhook before the family returns; their late submit charges nothing more', async () => {
      const { started, path, token, reference } = await pendingPayment();
      await settleSandboxCharge(t.db, w.school.id, token, 'approved', new Date().toISOString());
      expect((await postWebhook(t, w.school, signedNotice(t, { reference, token, status: 'approved', amount: 450_000, currency: 'COP' }))).statusCode).toBe(200);
      expect((await submitCheckout(t, path, 'declined')).statusCode).toBe(303);
      const ledger = await ledgerOf(t, w.school.id, started.id);
      expect(ledger.payment.status).toBe('approved');
      expect(ledger.credits).toHaveLength(1);
    });

    it('recovers a charge whose webhook never came: the reconcile job applies it once, the late webhook changes nothing', async () => {
      const { started, token, reference } = await pendingPayment();
      // The gateway charged, then the notification was lost (our process died before applying it).
      await settleSandboxCharge(t.db, w.school.id, token, 'approved', new Date().toISOString());
      const services = { db: t.db, config: t.config, log: t.app.log };
      expect((await reconcilePayments(services, w.school.id, new Date())).asked).toBe(0); // too young to ask about
      await agePayment(t, w.school.id, started.id, 3 * 60_000);
      await t.app.patio.jobs.enqueue(t.db, reconcilePaymentsJob, { orgId: w.school.id }, { orgId: w.school.id });
      await t.drainJobs();
      let ledger = await ledgerOf(t, w.school.id, started.id);
      expect(ledger.payment.status).toBe('approved');
      expect(ledger.credits).toHaveLength(1);
      expect(ledger.debit.paid_on).not.toBeNull();
      expect(ledger.payment.checked_at).not.toBeNull();

      const late = await postWebhook(t, w.school, signedNotice(t, { reference, token, status: 'approved', amount: 450_000, currency: 'COP' }));
      expect(late.statusCode).toBe(200);
      expect(late.json().status).toBe('approved');
      await reconcilePayments(services, w.school.id, new Date());
      ledger = await ledgerOf(t, w.school.id, started.id);
      expect(ledger.credits).toHaveLength(1);
      expect(ledger.events.map((e) => e.outcome)).toEqual(['applied', 'duplicate']);
    });

    it('keeps what a debit paid meanwhile cannot take as payments to apply', async () => {
      const { debitId, started, token, reference } = await pendingPayment();
      await t.db.transaction().execute(async (trx) => {
        const credit = await recordCredit(trx, { orgId: w.school.id, personId: w.studentA.id, method: 'cash', value: 450_000, date: '2026-01-10', effectiveDate: '2026-01-10', currency: 'COP' });
        await applyCredit(trx, { orgId: w.school.id, creditId: credit.id, debitId, today: '2026-01-10' });
      });
      await settleSandboxCharge(t.db, w.school.id, token, 'approved', new Date().toISOString());
      expect((await postWebhook(t, w.school, signedNotice(t, { reference, token, status: 'approved', amount: 450_000, currency: 'COP' }))).statusCode).toBe(200);
      const ledger = await ledgerOf(t, w.school.id, started.id);
      expect(ledger.credits).toHaveLength(1);
      expect(Number(ledger.credits[0].applied)).toBe(0);
    });
  });

  describe('refused notifications change nothing', () => {
    it('401 for a tampered body, another key or an old signature, each counted and none kept', async () => {
      const { started, token, reference } = await pendingPayment();
      const notice = { reference, token, status: 'approved' as const, amount: 450_000, currency: 'COP' };
      const signed = signedNotice(t, notice);
      const counted = async () =>
        Number((await t.db.selectFrom('billing_webhook_refusals').select('count').where('org_id', '=', w.school.id).where('reason', '=', 'invalid_signature').executeTakeFirst())?.count ?? 0);
      const before = await counted();
      const attempts = [
        { ...signed, body: signed.body.replace('450000', '45') },
        signedNotice(t, notice, { secret: Buffer.alloc(32, 7) }),
        signedNotice(t, notice, { timestamp: Math.floor(Date.now() / 1000) - 600 }),
        { body: signed.body, headers: { 'content-type': 'application/json' } },
      ];
      for (const attempt of attempts) {
        const res = await postWebhook(t, w.school, attempt);
        expect(res.statusCode).toBe(401);
        expect(res.json().error).toBe('invalid_signature');
      }
      expect((await counted()) - before).toBe(4);
      expect(await t.db.selectFrom('billing_webhook_events').select('id').where('org_id', '=', w.school.id).where('verified', '=', 0).execute()).toEqual([]);
      const ledger = await ledgerOf(t, w.school.id, started.id);
      expect(ledger.payment.status).toBe('pending');
      expect(ledger.credits).toHaveLength(0);
    });

    it('404 payment_not_found for a reference of no payment of the school, 404 for an unknown provider', async () => {
      const unknown = signedNotice(t, { reference: referenceOf(w.school.code, 999_999), token: 'x', status: 'approved', amount: 1, currency: 'COP' });
      const res = await postWebhook(t, w.school, unknown);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('payment_not_found');
      const { reference, token } = await pendingPayment();
      const elsewhere = await postWebhook(t, w.otherSchool, signedNotice(t, { reference, token, status: 'approved', amount: 450_000, currency: 'COP' }));
      expect(elsewhere.json().error).toBe('payment_not_found');
      expect((await postWebhook(t, w.school, unknown, 'paypal')).statusCode).toBe(404);
      expect((await postWebhook(t, w.school, unknown, 'wompi')).statusCode).toBe(404); // not configured here
    });

    it('400 amount_mismatch when the gateway charged another amount or currency', async () => {
      const { started, token, reference } = await pendingPayment();
      for (const wrong of [{ amount: 449_999, currency: 'COP' }, { amount: 450_000, currency: 'USD' }]) {
        const res = await postWebhook(t, w.school, signedNotice(t, { reference, token, status: 'approved', ...wrong }));
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toBe('amount_mismatch');
      }
      const ledger = await ledgerOf(t, w.school.id, started.id);
      expect(ledger.payment.status).toBe('pending');
      expect(ledger.credits).toHaveLength(0);
      expect(ledger.events.map((e) => e.outcome)).toEqual(['amount_mismatch', 'amount_mismatch']);
    });

    it('refuses a body over 64 KB', async () => {
      const res = await postWebhook(t, w.school, { body: 'x'.repeat(65 * 1024), headers: { 'content-type': 'application/json' } });
      expect(res.statusCode).toBe(413);
    });
  });

  describe('starting a payment', () => {
    it('charges the balance the ledger owes today, whatever the body says', async () => {
      const debitId = await makeDebit(t, w.school, w.studentA);
      await t.db.transaction().execute(async (trx) => {
        const credit = await recordCredit(trx, { orgId: w.school.id, personId: w.studentA.id, method: 'cash', value: 100_000, date: '2026-01-10', effectiveDate: '2026-01-10', currency: 'COP' });
        await applyCredit(trx, { orgId: w.school.id, creditId: credit.id, debitId, today: '2026-01-10' });
      });
      const res = await startPayment(t, w.parentA, debitId, 'partial', { amount: 1 });
      expect(res.statusCode).toBe(201);
      expect(res.json().amount).toBe(350_000);
    });

    it('answers the same payment for the same payer and key, 409 for the key on another debit', async () => {
      const debitId = await makeDebit(t, w.school, w.studentA);
      const first = await startPayment(t, w.parentA, debitId, 'same-key');
      const again = await startPayment(t, w.parentA, debitId, 'same-key');
      expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
      expect(again.json()).toEqual(first.json());
      const otherDebit = await makeDebit(t, w.school, w.studentA);
      const reused = await startPayment(t, w.parentA, otherDebit, 'same-key');
      expect(reused.statusCode).toBe(409);
      expect(reused.json().error).toBe('idempotency_key_reused');
      // A key is the payer's own: staff using the same text are answered the debit's open payment, not a second one.
      const staff = await startPayment(t, w.admin, debitId, 'same-key');
      expect(staff.statusCode).toBe(200);
      expect(staff.json().id).toBe(first.json().id);
    });

    it('makes 20 identical requests at once one payment', async () => {
      const debitId = await makeDebit(t, w.school, w.studentA);
      const answers = await Promise.all(Array.from({ length: 20 }, () => startPayment(t, w.parentA, debitId, 'parallel')));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([...Array(19).fill(200), 201]);
      expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
      const rows = await t.db.selectFrom('billing_payments').select('id').where('org_id', '=', w.school.id).where('debit_id', '=', debitId).execute();
      expect(rows).toHaveLength(1);
      const charges = await t.db.selectFrom('billing_sandbox_charges').select('token').where('org_id', '=', w.school.id).where('payment_id', '=', rows[0].id).execute();
      expect(charges).toHaveLength(1);
    });

    it('requires a usable Idempotency-Key', async () => {
      const debitId = await makeDebit(t, w.school, w.studentA);
      for (const [key, code] of [
        [null, 'idempotency_key_required'],
        ['   ', 'idempotency_key_required'],
        ['k'.repeat(201), 'invalid_idempotency_key'],
        ['nul\u0000key', 'invalid_idempotency_key'],
      ] as const) {
        const res = await startPayment(t, w.parentA, debitId, key);
        expect(res.statusCode, String(key)).toBe(400);
        expect(res.json().error).toBe(code);
      }
      expect((await startPayment(t, w.parentA, debitId, 'k'.repeat(200))).statusCode).toBe(201);
    });

    it('409 debit_paid for a paid debit', async () => {
      const { debitId, path } = await pendingPayment();
      await submitCheckout(t, path, 'approved');
      const res = await startPayment(t, w.parentA, debitId, 'after-paid');
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe('debit_paid');
    });

    it('is for the family and billing staff: another family, a teacher, the student (by default) 403, another school 404', async () => {
      const debitId = await makeDebit(t, w.school, w.studentA);
      for (const person of [w.parentA, w.admin, w.employee]) expect((await startPayment(t, person, debitId, `rights-${person.id}`)).statusCode).toBeOneOf([200, 201]);
      for (const person of [w.studentA, w.parentB, w.teacherA, w.driver]) expect((await startPayment(t, person, debitId, `rights-${person.id}`)).statusCode).toBe(403);
      const norte = await t.request({ method: 'POST', url: `/api/${w.otherSchool.code}/billing/debits/${debitId}/payments`, token: await t.signIn(w.otherAdmin), headers: { 'idempotency-key': 'norte' } });
      expect(norte.statusCode).toBe(404);
      const { started } = await pendingPayment();
      const read = async (person: typeof w.parentA) => (await t.request({ method: 'GET', url: `/api/${person.org.code}/billing/payments/${started.id}`, token: await t.signIn(person) })).statusCode;
      expect([await read(w.parentA), await read(w.admin)]).toEqual([200, 200]);
      expect([await read(w.studentA), await read(w.parentB), await read(w.teacherA), await read(w.otherAdmin)]).toEqual([403, 403, 403, 404]);
    });
  });
});
