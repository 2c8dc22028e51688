import { beforeAll, expect, it } from 'vitest';
import { referenceOf } from '../../platform/payments/providers';
import { wompiChecksum } from '../../platform/payments/wompi';
import { describeOnDatabases } from '../../test/harness';
import { makeWorld, type World } from '../../test/world';
import { ledgerOf, makeDebit, postWebhook, signedNotice, startPayment } from './billing.payments.fixtures';

// The same payment path with a real gateway's adapter: Wompi's checkout link and its events, signed
// with the events secret, through the webhook route's raw body.

const wompi = {
  publicKey: 'pub_test_patio',
  integritySecret: 'test_integrity_patio',
  eventsSecret: 'test_events_patio',
  apiUrl: 'https://sandbox.wompi.co/v1',
  checkoutUrl: 'https://checkout.wompi.co/p/',
};

function wompiEvent(transaction: { id: string; status: string; amount_in_cents: number; reference: string; currency: string }) {
  const properties = ['transaction.id', 'transaction.status', 'transaction.amount_in_cents'];
  const timestamp = Math.floor(Date.now() / 1000);
  const data = { transaction };
  const body = JSON.stringify({ event: 'transaction.updated', data, environment: 'test', signature: { properties, checksum: wompiChecksum(data, properties, timestamp, wompi.eventsSecret).toUpperCase() }, timestamp, sent_at: new Date().toISOString() });
  return { body, headers: { 'content-type': 'application/json' } };
}

describeOnDatabases(
  'online payments through Wompi',
  (t) => {
    let w: World;
    beforeAll(async () => {
      w = await makeWorld(t);
    });

    it('sends the payer to a signed Wompi checkout and applies its approval once, after a declined attempt', async () => {
      const debitId = await makeDebit(t, w.school, w.studentA);
      const res = await startPayment(t, w.parentA, debitId, 'wompi-1');
      expect(res.statusCode).toBe(201);
      const payment = res.json();
      const reference = referenceOf(w.school.code, payment.id);
      const checkout = new URL(payment.checkoutUrl);
      expect(checkout.origin + checkout.pathname).toBe('https://checkout.wompi.co/p/');
      expect(checkout.searchParams.get('reference')).toBe(reference);
      expect(checkout.searchParams.get('amount-in-cents')).toBe('45000000');
      expect(checkout.searchParams.get('redirect-url')).toMatch(new RegExp(`/billing/debits/${debitId}\\?payment=${payment.id}$`));

      const base = { amount_in_cents: 45_000_000, reference, currency: 'COP' };
      const declined = await postWebhook(t, w.school, wompiEvent({ ...base, id: 'w-1', status: 'DECLINED' }), 'wompi');
      expect(declined.json()).toEqual({ received: true, status: 'declined' });
      // The payer tries again in the same checkout: Wompi approves a second transaction of the reference.
      const approved = wompiEvent({ ...base, id: 'w-2', status: 'APPROVED' });
      expect((await postWebhook(t, w.school, approved, 'wompi')).json()).toEqual({ received: true, status: 'approved' });
      expect((await postWebhook(t, w.school, approved, 'wompi')).json()).toEqual({ received: true, status: 'approved' });
      const tampered = { ...approved, body: approved.body.replace('"w-2"', '"w-3"') };
      expect((await postWebhook(t, w.school, tampered, 'wompi')).statusCode).toBe(401);

      const ledger = await ledgerOf(t, w.school.id, payment.id);
      expect(ledger.payment).toMatchObject({ status: 'approved', provider: 'wompi', provider_ref: 'w-2' });
      expect(ledger.credits).toHaveLength(1);
      expect(ledger.debit.paid_on).not.toBeNull();
      expect(ledger.events.map((e) => e.outcome)).toEqual(['declined', 'applied', 'duplicate']);
    });

    it('400 amount_mismatch for an approval of fewer cents', async () => {
      const debitId = await makeDebit(t, w.school, w.studentA);
      const payment = (await startPayment(t, w.parentA, debitId, 'wompi-2')).json();
      const res = await postWebhook(t, w.school, wompiEvent({ id: 'w-9', status: 'APPROVED', amount_in_cents: 100, reference: referenceOf(w.school.code, payment.id), currency: 'COP' }), 'wompi');
      expect([res.statusCode, res.json().error]).toEqual([400, 'amount_mismatch']);
      expect((await ledgerOf(t, w.school.id, payment.id)).credits).toHaveLength(0);
    });

    it('item 4: the sandbox routes answer 404 where Wompi is the provider: nothing marks a debit paid without money', async () => {
      const debitId = await makeDebit(t, w.school, w.studentA);
      const payment = (await startPayment(t, w.parentA, debitId, 'wompi-3')).json();
      // A sandbox charge left from before the switch is no way in either.
      const token = 'B'.repeat(32);
      await t.db.insertInto('billing_sandbox_charges').values({ org_id: w.school.id, token, payment_id: payment.id, amount: 450_000, currency: 'COP', created_at: new Date().toISOString() }).execute();
      const checkout = `/api/${w.school.code}/billing/providers/sandbox/checkout/${token}`;
      for (const accept of ['text/html', 'application/json']) {
        const page = await t.request({ method: 'GET', url: checkout, headers: { accept } });
        expect([page.statusCode, page.json().error]).toEqual([404, 'not_found']);
      }
      const submit = await t.request({ method: 'POST', url: checkout, body: 'outcome=approved', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(submit.statusCode).toBe(404);
      const notice = signedNotice(t, { reference: referenceOf(w.school.code, payment.id), token, status: 'approved', amount: 450_000, currency: 'COP' });
      expect((await postWebhook(t, w.school, notice)).statusCode).toBe(404);
      const ledger = await ledgerOf(t, w.school.id, payment.id);
      expect([ledger.payment.status, ledger.credits.length, ledger.debit.paid_on]).toEqual(['pending', 0, null]);
    });
  },
  { payments: { provider: 'wompi', wompi } },
);
