import { describe, expect, it } from 'vitest';
import { createTuCompraProvider, tuCompraSignature } from './tucompra';

// The vector was computed apart from this code (Python hashlib) from the confirmation's formula.
const settings = { user: 'o61qja192w81o1zb', encryptionKey: 'clave123', checkoutUrl: 'https://gateway2.tucompra.com.co/tc/app/inputs/compra.jsp' };

const confirmation = (fields: Record<string, string>) => Buffer.from(new URLSearchParams(fields).toString());
const approved = { codigoFactura: 'patio-demo-42', valorFactura: '450000', transaccionAprobada: '1', codigoAutorizacion: 'A1B2C3', numeroTransaccion: '998877', metodoPago: '10', firmaTuCompra: '9a3760bf8db1c0ab44047d5aeaad2de4' };

describe('tuCompra adapter', () => {
  it('signs a confirmation as MD5 of key;invoice;value;authorization', () => {
    expect(tuCompraSignature('clave123', 'patio-demo-42', '450000', 'A1B2C3')).toBe('9a3760bf8db1c0ab44047d5aeaad2de4');
  });

  it('links to compra.jsp with the merchant, our reference and whole pesos', async () => {
    const checkout = await createTuCompraProvider(settings).createCheckout({
      orgId: 1, orgCode: 'demo', paymentId: 42, reference: 'patio-demo-42', amount: 450_000, currency: 'COP', description: 'Pensión 2026-03', origin: 'https://patio.example', returnUrl: 'https://patio.example/x',
    });
    const url = new URL(checkout.checkoutUrl);
    expect(url.origin + url.pathname).toBe(settings.checkoutUrl);
    expect(Object.fromEntries(url.searchParams)).toEqual({ usuario: 'o61qja192w81o1zb', factura: 'patio-demo-42', valor: '450000', descripcionFactura: 'Pensión 2026-03', campoExtra1: '42' });
  });

  it('reads a signed confirmation (upper-case signature too) and its status codes', async () => {
    const provider = createTuCompraProvider(settings);
    expect(await provider.verifyWebhook(confirmation({ ...approved, firmaTuCompra: approved.firmaTuCompra.toUpperCase() }), {})).toEqual({
      ok: true,
      report: { reference: 'patio-demo-42', providerRef: '998877', status: 'approved', amount: 450_000, currency: 'COP' },
    });
    const declined = await provider.verifyWebhook(confirmation({ ...approved, transaccionAprobada: '-1' }), {});
    expect(declined.ok && declined.report.status).toBe('declined');
    const open = await provider.verifyWebhook(confirmation({ ...approved, transaccionAprobada: '0' }), {});
    expect(open.ok && open.report.status).toBe('pending');
  });

  it('refuses a confirmation whose value or signature was changed', async () => {
    const provider = createTuCompraProvider(settings);
    expect(await provider.verifyWebhook(confirmation({ ...approved, valorFactura: '1000' }), {})).toEqual({ ok: false, reason: 'invalid_signature' });
    expect(await provider.verifyWebhook(confirmation({ ...approved, firmaTuCompra: '0'.repeat(32) }), {})).toEqual({ ok: false, reason: 'invalid_signature' });
    expect(await provider.verifyWebhook(confirmation({ codigoFactura: 'x' }), {})).toEqual({ ok: false, reason: 'invalid_signature' });
  });

  it('cannot ask about a charge without the API settings', async () => {
    expect(await createTuCompraProvider(settings).fetchStatus({ orgId: 1, reference: 'patio-demo-42', providerRef: null })).toBeNull();
  });
});
