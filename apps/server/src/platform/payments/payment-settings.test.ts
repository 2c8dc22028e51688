import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { isSandboxConfigured, parsePayments, providerNameFor } from './payment-settings';

// Issue 29 item 1: a production server simulates payments only when PAYMENT_PROVIDER=sandbox says so.
describe('payment settings from the environment', () => {
  const wompi = { WOMPI_PUBLIC_KEY: 'pub', WOMPI_INTEGRITY_SECRET: 'int', WOMPI_EVENTS_SECRET: 'ev' };

  it('item 1: payments: production without PAYMENT_PROVIDER has no provider, never the sandbox', () => {
    const settings = parsePayments({}, true);
    expect(settings.provider).toBeNull();
    expect(providerNameFor(settings, false)).toBeNull();
    expect(isSandboxConfigured(settings)).toBe(false);
    // Wompi keys alone do not choose a provider either: PAYMENT_PROVIDER does.
    expect(parsePayments(wompi, true).provider).toBeNull();
  });

  it('item 1: payments: an explicit PAYMENT_PROVIDER=sandbox is the sandbox in production too', () => {
    for (const value of ['sandbox', ' Sandbox ']) {
      const settings = parsePayments({ PAYMENT_PROVIDER: value }, true);
      expect(settings.provider).toBe('sandbox');
      expect(isSandboxConfigured(settings)).toBe(true);
    }
    expect(parsePayments({ PAYMENT_PROVIDER: 'wompi', ...wompi }, true).provider).toBe('wompi');
  });

  it('item 1: payments: loadConfig reads NODE_ENV=production into the payment settings', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'patio-payments-'));
    try {
      const base = { DATA_DIR: dataDir, PUBLIC_URL: 'https://patio.example.org' };
      expect(loadConfig({ ...base, NODE_ENV: 'production' }).payments?.provider).toBeNull();
      expect(loadConfig({ ...base, NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' }).payments?.provider).toBe('sandbox');
      expect(loadConfig({ ...base, NODE_ENV: 'development' }).payments?.provider).toBe('sandbox');
      expect(loadConfig({ DATA_DIR: dataDir }).payments?.provider).toBe('sandbox');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('item 1: payments: development keeps the sandbox as its default, so the demo pays as before', () => {
    expect(parsePayments({}).provider).toBe('sandbox');
    expect(parsePayments({}, false).provider).toBe('sandbox');
    expect(providerNameFor(undefined, false)).toBe('sandbox');
  });

  it('refuses an unknown provider and a half-configured gateway in any mode', () => {
    for (const production of [false, true]) {
      expect(() => parsePayments({ PAYMENT_PROVIDER: 'paypal' }, production)).toThrow(/PAYMENT_PROVIDER/);
      expect(() => parsePayments({ PAYMENT_PROVIDER: 'wompi' }, production)).toThrow(/WOMPI_/);
    }
  });

  it('keeps tuCompra for the schools flagged for it, whatever PAYMENT_PROVIDER is', () => {
    const settings = parsePayments({ TUCOMPRA_USER: 'u', TUCOMPRA_ENCRYPTION_KEY: 'k' }, true);
    expect(providerNameFor(settings, true)).toBe('tucompra');
    expect(providerNameFor(settings, false)).toBeNull();
  });
});
