import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { redactUrl } from './http/logging';

describe('loadConfig', () => {
  const base = mkdtempSync(join(tmpdir(), 'patio-config-'));
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  it('resolves DATA_DIR against INIT_CWD and keeps one generated signing key', () => {
    const first = loadConfig({ INIT_CWD: base, DATA_DIR: 'data' });
    expect(first.dataDir).toBe(join(base, 'data'));
    expect(readFileSync(join(base, 'data', 'keys', 'jwt-secret'), 'utf8').length).toBeGreaterThan(40);
    const second = loadConfig({ INIT_CWD: base, DATA_DIR: 'data' });
    expect(Buffer.from(second.jwtSecret).equals(Buffer.from(first.jwtSecret))).toBe(true);
  });

  it('reads the documented defaults and overrides', () => {
    const defaults = loadConfig({ INIT_CWD: base });
    expect(defaults).toMatchObject({ port: 8080, host: '0.0.0.0', accessTokenTtl: 604800, logLevel: 'info', seedDemo: true });
    expect(defaults.databaseUrl).toBeUndefined();
    expect(defaults.webRoot).toMatch(/apps[\\/]web[\\/]dist$/);
    const custom = loadConfig({
      INIT_CWD: base,
      PORT: '9000',
      DATABASE_URL: 'postgres://x@h/db',
      PATIO_JWT_SECRET: 'secret',
      ACCESS_TOKEN_TTL: '60',
      SEED_DEMO: 'false',
      PUBLIC_URL: 'https://patio.example.co/',
    });
    expect(custom).toMatchObject({ port: 9000, databaseUrl: 'postgres://x@h/db', accessTokenTtl: 60, seedDemo: false, publicUrl: 'https://patio.example.co' });
    expect(new TextDecoder().decode(custom.jwtSecret)).toBe('secret');
  });

  it('refuses a nonsense port or lifetime with a clear message', () => {
    expect(() => loadConfig({ INIT_CWD: base, PORT: 'eighty' })).toThrow(/PORT must be a positive integer/);
    expect(() => loadConfig({ INIT_CWD: base, ACCESS_TOKEN_TTL: '-5' })).toThrow(/ACCESS_TOKEN_TTL/);
  });
});

describe('log redaction', () => {
  it('hides sign-in tokens in logged URLs', () => {
    expect(redactUrl('/login?school=demo&token=abc123')).toBe('/login?school=demo&token=[redacted]');
    expect(redactUrl('/x?access_token=t&y=1')).toBe('/x?access_token=[redacted]&y=1');
  });
});
