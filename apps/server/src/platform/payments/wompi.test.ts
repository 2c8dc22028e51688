import { describe, expect, it } from 'vitest';
import { ProviderUnavailable } from './payments';
import { createWompiProvider, toWompiCents, wompiChecksum, wompiIntegrity } from './wompi';

// Vectors computed apart from this code (Python hashlib) from Wompi's documented formulas.
const settings = {
  publicKey: 'pub_test_key',
  integritySecret: 'test_integrity_abc123',
  eventsSecret: 'test_events_xyz',
  privateKey: 'prv_test_key',
  apiUrl: 'https://sandbox.wompi.co/v1',
  checkoutUrl: 'https://checkout.wompi.co/p/',
};

const transaction = { id: '1234-1610641025-49201', amount_in_cents: 45_000_000, reference: 'patio-demo-42', currency: 'COP', status: 'APPROVED' };
const event = (overrides: Record<string, unknown> = {}) => ({
  event: 'transaction.updated',
  data: { transaction: { ...transaction, amount_in_cents: 4_500_000 } },
  environment: 'test',
  signature: { properties: ['transaction.id', 'transaction.status', 'transaction.amount_in_cents'], checksum: '477AEAEC0D74B41DBDC96A97BA0943526ECEA3B381484DFE02F0F4236C228868' },
  timestamp: 1530291411,
  sent_at: '2018-07-20T16:45:05.000Z',
  ...overrides,
});

describe('Wompi adapter', () => {
  it('signs the checkout integrity as SHA-256 of reference, cents, currency and secret', () => {
    expect(wompiIntegrity('patio-demo-42', 45_000_000, 'COP', 'test_integrity_abc123')).toBe('a7fd64d923cd5e12a7081febbdcd0a1424c063187c1c1aae5ab521f2029c2b65');
  });

  it('builds the web checkout link in cents of pesos, signed', async () => {
    const provider = createWompiProvider(settings);
    const checkout = await provider.createCheckout({
      orgId: 1, orgCode: 'demo', paymentId: 42, reference: 'patio-demo-42', amount: 450_000, currency: 'COP', description: 'x', origin: 'https://patio.example', returnUrl: 'https://patio.example/billing/debits/9?payment=42',
    });
    const url = new URL(checkout.checkoutUrl);
    expect(url.origin + url.pathname).toBe('https://checkout.wompi.co/p/');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      'public-key': 'pub_test_key',
      currency: 'COP',
      'amount-in-cents': '45000000',
      reference: 'patio-demo-42',
      'signature:integrity': 'a7fd64d923cd5e12a7081febbdcd0a1424c063187c1c1aae5ab521f2029c2b65',
      'redirect-url': 'https://patio.example/billing/debits/9?payment=42',
    });
    expect(checkout.providerRef).toBeNull();
  });

  it('counts pesos as hundreds of cents and refuses three-digit currencies', () => {
    expect(toWompiCents(450_000, 'COP')).toBe(45_000_000);
    expect(toWompiCents(1250, 'USD')).toBe(1250);
    expect(() => toWompiCents(1, 'KWD')).toThrow(ProviderUnavailable);
  });

  it('computes the event checksum from the listed properties, the timestamp and the secret', () => {
    expect(wompiChecksum(event().data, event().signature.properties, 1530291411, 'test_events_xyz')).toBe('477aeaec0d74b41dbdc96a97ba0943526ecea3b381484dfe02f0f4236c228868');
  });

  it('accepts a transaction.updated event with its checksum (any case) and reads it in pesos', async () => {
    const verdict = await createWompiProvider(settings).verifyWebhook(Buffer.from(JSON.stringify(event())), {});
    expect(verdict).toEqual({ ok: true, report: { reference: 'patio-demo-42', providerRef: '1234-1610641025-49201', status: 'approved', amount: 45_000, currency: 'COP' } });
  });

  it('refuses a tampered event, another secret, and a body that is not JSON', async () => {
    const provider = createWompiProvider(settings);
    const tampered = event({ data: { transaction: { ...transaction, amount_in_cents: 100 } } });
    expect(await provider.verifyWebhook(Buffer.from(JSON.stringify(tampered)), {})).toEqual({ ok: false, reason: 'invalid_signature' });
    const other = createWompiProvider({ ...settings, eventsSecret: 'another' });
    expect(await other.verifyWebhook(Buffer.from(JSON.stringify(event())), {})).toEqual({ ok: false, reason: 'invalid_signature' });
    expect(await provider.verifyWebhook(Buffer.from('not json'), {})).toEqual({ ok: false, reason: 'invalid_signature' });
  });

  it('asks the API by reference with the private key and prefers the approved attempt', async () => {
    const calls: { url: string; auth: string | null }[] = [];
    const fakeFetch = (async (url: string, init: RequestInit) => {
      calls.push({ url, auth: new Headers(init.headers).get('authorization') });
      return new Response(JSON.stringify({ data: [{ ...transaction, id: 'a', status: 'DECLINED' }, { ...transaction, id: 'b' }] }), { status: 200 });
    }) as unknown as typeof fetch;
    const report = await createWompiProvider(settings, fakeFetch).fetchStatus({ orgId: 1, reference: 'patio-demo-42', providerRef: null });
    expect(calls).toEqual([{ url: 'https://sandbox.wompi.co/v1/transactions?reference=patio-demo-42', auth: 'Bearer prv_test_key' }]);
    expect(report).toEqual({ reference: 'patio-demo-42', providerRef: 'b', status: 'approved', amount: 450_000, currency: 'COP' });
  });

  it('says the gateway is unavailable when the API fails', async () => {
    const failing = (async () => new Response('oops', { status: 503 })) as unknown as typeof fetch;
    await expect(createWompiProvider(settings, failing).fetchStatus({ orgId: 1, reference: 'r', providerRef: null })).rejects.toThrow(ProviderUnavailable);
  });
});
