import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, parseLogLevel } from './config';
import { browserUrl, startupBanner } from './startup-banner';

const listening = { address: '0.0.0.0', family: 'IPv4', port: 8080 };

describe('the npm start banner', () => {
  it('says where to open Patio, the demo school code and the demo accounts with their password', () => {
    const banner = startupBanner({ address: listening, seedDemo: true, production: false, logLevel: 'info' });
    expect(banner).toContain('Patio is running at http://localhost:8080');
    expect(banner).toContain('School code: demo');
    expect(banner).toContain('Accounts: admin, teacher, parent, student, driver  ·  password demo1234');
    expect(banner).toContain('LOG_LEVEL=debug');
    expect(banner.trim().split('\n').length).toBeLessThanOrEqual(6);
  });

  it('tells nobody the demo password in production or when the demo is not seeded', () => {
    for (const banner of [
      startupBanner({ address: listening, seedDemo: true, production: true, logLevel: 'info' }),
      startupBanner({ address: listening, seedDemo: false, production: false, logLevel: 'info' }),
    ]) {
      expect(banner).toContain('Patio is running at');
      expect(banner).not.toContain('demo1234');
      expect(banner).not.toContain('School code');
    }
  });

  it('item 1: in production, a seeded demo gets one loud line, without the demo password', () => {
    const banner = startupBanner({ address: listening, publicUrl: 'https://patio.example.org', seedDemo: true, production: true, logLevel: 'warn' });
    const loud = banner.split('\n').filter((line) => line.includes('!!!'));
    expect(loud).toEqual(['  !!! DEMO SCHOOLS SEEDED (SEED_DEMO=1): "demo" and "norte" hold made-up people; unset SEED_DEMO for a real school']);
    expect(banner).not.toContain('demo1234');
    // Development prints the demo accounts as today, and nothing loud.
    expect(startupBanner({ address: listening, seedDemo: true, production: false, logLevel: 'info', demoPasswordAccounts: 9, paymentsSimulated: true })).not.toContain('!!!');
  });

  it('item 1: in production, the banner counts the accounts still on the demo password and says when payments are simulated', () => {
    const base = { address: listening, publicUrl: 'https://patio.example.org', seedDemo: false, production: true, logLevel: 'info' };
    expect(startupBanner({ ...base, demoPasswordAccounts: 0, paymentsSimulated: false })).not.toContain('!!!');
    const loud = (banner: string) => banner.split('\n').filter((line) => line.includes('!!!'));
    expect(loud(startupBanner({ ...base, demoPasswordAccounts: 12 }))).toEqual([
      '  !!! 12 ACCOUNTS STILL HAVE THE DEMO PASSWORD: refused at sign-in until a new password is set ("Forgot your password?")',
    ]);
    expect(loud(startupBanner({ ...base, demoPasswordAccounts: 1 }))[0]).toContain('!!! 1 ACCOUNT STILL HAS THE DEMO PASSWORD');
    expect(loud(startupBanner({ ...base, paymentsSimulated: true }))).toEqual([
      '  !!! PAYMENTS ARE SIMULATED (PAYMENT_PROVIDER=sandbox): bills are marked paid without any money moving',
    ]);
    expect(loud(startupBanner({ ...base, seedDemo: true, demoPasswordAccounts: 7, paymentsSimulated: true }))).toHaveLength(3);
  });

  it('names the address a browser opens', () => {
    expect(browserUrl({ address: '::', family: 'IPv6', port: 9000 })).toBe('http://localhost:9000');
    expect(browserUrl({ address: '192.168.1.20', family: 'IPv4', port: 8080 })).toBe('http://192.168.1.20:8080');
    expect(browserUrl(listening, 'https://patio.example.org')).toBe('https://patio.example.org');
  });
});

describe('LOG_LEVEL', () => {
  it('is info by default and refuses a level pino does not know', () => {
    expect(parseLogLevel(undefined)).toBe('info');
    expect(parseLogLevel(' DEBUG ')).toBe('debug');
    expect(() => parseLogLevel('verbose')).toThrow(/LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent/);
    const base = mkdtempSync(join(tmpdir(), 'patio-log-level-'));
    try {
      expect(() => loadConfig({ INIT_CWD: base, LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
      expect(loadConfig({ INIT_CWD: base }).logLevel).toBe('info');
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });
});
