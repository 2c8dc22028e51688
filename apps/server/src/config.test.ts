import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_READY_MAX_JOB_LAG_SECONDS, loadConfig, parseS3, parseTrustProxy } from './config';
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
      PATIO_JWT_SECRET: 'a secret of at least thirty-two bytes',
      ACCESS_TOKEN_TTL: '60',
      SEED_DEMO: 'false',
      PUBLIC_URL: 'https://patio.example.co/',
    });
    expect(custom).toMatchObject({ port: 9000, databaseUrl: 'postgres://x@h/db', accessTokenTtl: 60, seedDemo: false, publicUrl: 'https://patio.example.co' });
    expect(new TextDecoder().decode(custom.jwtSecret)).toBe('a secret of at least thirty-two bytes');
  });

  it('refuses a nonsense port or lifetime with a clear message', () => {
    expect(() => loadConfig({ INIT_CWD: base, PORT: 'eighty' })).toThrow(/PORT must be a positive integer/);
    expect(() => loadConfig({ INIT_CWD: base, ACCESS_TOKEN_TTL: '-5' })).toThrow(/ACCESS_TOKEN_TTL/);
  });

  it('item 12: a PATIO_JWT_SECRET shorter than 32 bytes refuses to start', () => {
    expect(() => loadConfig({ INIT_CWD: base, PATIO_JWT_SECRET: 'x'.repeat(31) })).toThrow(/PATIO_JWT_SECRET must be at least 32 bytes/);
    // Bytes, not characters: 16 two-byte letters are enough.
    expect(loadConfig({ INIT_CWD: base, PATIO_JWT_SECRET: 'ñ'.repeat(16) }).jwtSecret).toHaveLength(32);
  });

  it('item 12: TRUST_PROXY is a hop count or proxy addresses, never every proxy', () => {
    expect(parseTrustProxy(undefined)).toBeUndefined();
    expect(parseTrustProxy('false')).toBeUndefined();
    expect(parseTrustProxy('true')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy(' 10.0.0.1, 192.168.0.0/16 ,loopback,::1,fd00::/8')).toEqual(['10.0.0.1', '192.168.0.0/16', 'loopback', '::1', 'fd00::/8']);
    for (const wrong of ['everything', '10.0.0.1/33', '10.0.0.300', '10.0.0.0/8/8', '-1']) {
      expect(() => parseTrustProxy(wrong), wrong).toThrow(/TRUST_PROXY/);
    }
    expect(loadConfig({ INIT_CWD: base, TRUST_PROXY: '1' }).trustProxy).toBe(1);
  });

  it('item 1: production refuses to start without PUBLIC_URL, and ALLOWED_HOSTS no longer replaces it', () => {
    expect(() => loadConfig({ INIT_CWD: base, NODE_ENV: 'production' })).toThrow(/PUBLIC_URL is required when NODE_ENV=production/);
    expect(() => loadConfig({ INIT_CWD: base, NODE_ENV: 'production', ALLOWED_HOSTS: 'patio.example.org' })).toThrow(/PUBLIC_URL is required/);
    const production = loadConfig({ INIT_CWD: base, NODE_ENV: 'production', PUBLIC_URL: 'https://patio.example.org/', ALLOWED_HOSTS: 'Patio.example.org, patio.example.org:8443' });
    expect(production).toMatchObject({ production: true, publicUrl: 'https://patio.example.org', allowedHosts: ['patio.example.org', 'patio.example.org:8443'] });
    for (const wrong of ['patio.example.org', 'ftp://patio.example.org', 'https://patio.example.org/?x=1', 'https://user:pw@patio.example.org', 'https://']) {
      expect(() => loadConfig({ INIT_CWD: base, PUBLIC_URL: wrong }), wrong).toThrow(/PUBLIC_URL must be the http\(s\) address/);
    }
    expect(() => loadConfig({ INIT_CWD: base, ALLOWED_HOSTS: 'evil.example/x' })).toThrow(/ALLOWED_HOSTS/);
    const development = loadConfig({ INIT_CWD: base });
    expect(development.publicUrl).toBeUndefined();
    expect(development.production).toBe(false);
  });

  it('item 1: production seeds the demo schools only when SEED_DEMO says so; development keeps seeding them by default', () => {
    const prod = (SEED_DEMO?: string) => loadConfig({ INIT_CWD: base, NODE_ENV: 'production', PUBLIC_URL: 'https://patio.example.org', SEED_DEMO }).seedDemo;
    expect(prod(undefined)).toBe(false);
    expect(prod('')).toBe(false);
    expect(prod('maybe')).toBe(false);
    expect(prod('0')).toBe(false);
    expect(prod('1')).toBe(true);
    expect(prod('true')).toBe(true);
    expect(prod(' TRUE ')).toBe(true);
    const dev = (SEED_DEMO?: string, NODE_ENV?: string) => loadConfig({ INIT_CWD: base, SEED_DEMO, NODE_ENV }).seedDemo;
    expect(dev(undefined)).toBe(true);
    expect(dev(undefined, 'development')).toBe(true);
    expect(dev('1')).toBe(true);
    expect(dev('false')).toBe(false);
    expect(dev('0')).toBe(false);
  });

  it('item 17: DATA_DIR and the generated signing key are private to the server user', () => {
    const dataDir = join(base, 'private');
    mkdirSync(dataDir, { mode: 0o755 });
    chmodSync(dataDir, 0o755);
    loadConfig({ INIT_CWD: base, DATA_DIR: 'private' });
    loadConfig({ INIT_CWD: base, DATA_DIR: 'fresh/nested' });
    const mode = (path: string) => (statSync(path).mode & 0o777).toString(8);
    expect(mode(dataDir)).toBe('700');
    expect(mode(join(dataDir, 'keys'))).toBe('700');
    expect(mode(join(dataDir, 'keys', 'jwt-secret'))).toBe('600');
    expect(mode(join(base, 'fresh', 'nested'))).toBe('700');
  });

  it('keeps files on disk unless S3_ENDPOINT names a bucket, with region and credentials as documented', () => {
    expect(loadConfig({ INIT_CWD: base }).s3).toBeUndefined();
    expect(parseS3({ S3_ENDPOINT: 'https://s3.example.org/', S3_BUCKET: 'patio-files', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' })).toEqual({
      endpoint: 'https://s3.example.org',
      bucket: 'patio-files',
      region: 'us-east-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
    });
    const fromEnv = loadConfig({ INIT_CWD: base, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'files', S3_REGION: 'eu-west-3' });
    expect(fromEnv.s3).toEqual({ endpoint: 'http://127.0.0.1:9000', bucket: 'files', region: 'eu-west-3', accessKeyId: undefined, secretAccessKey: undefined });
    expect(() => parseS3({ S3_ENDPOINT: 'https://s3.example.org' })).toThrow(/S3_BUCKET must name a bucket/);
    expect(() => parseS3({ S3_ENDPOINT: 'https://s3.example.org', S3_BUCKET: 'Bad_Bucket' })).toThrow(/S3_BUCKET/);
    expect(() => parseS3({ S3_ENDPOINT: 's3.example.org', S3_BUCKET: 'files' })).toThrow(/S3_ENDPOINT must be an http\(s\) URL/);
    expect(() => parseS3({ S3_ENDPOINT: 'https://s3.example.org', S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'id' })).toThrow(/set together/);
  });

  it('signs file addresses with PATIO_FILE_URL_SECRET when set, refusing a short one', () => {
    expect(loadConfig({ INIT_CWD: base }).fileUrlSecret).toBeUndefined();
    const secret = 'file addresses outlive token keys!';
    expect(new TextDecoder().decode(loadConfig({ INIT_CWD: base, PATIO_FILE_URL_SECRET: secret }).fileUrlSecret)).toBe(secret);
    expect(() => loadConfig({ INIT_CWD: base, PATIO_FILE_URL_SECRET: 'short' })).toThrow(/PATIO_FILE_URL_SECRET must be at least 32 bytes/);
  });

  it('fetches external calendar feeds from private addresses only when CALENDAR_FETCH_ALLOW_PRIVATE says so', () => {
    expect(loadConfig({ INIT_CWD: base }).calendarFetchAllowPrivate).toBe(false);
    for (const on of ['1', 'true', 'YES', ' on ']) expect(loadConfig({ INIT_CWD: base, CALENDAR_FETCH_ALLOW_PRIVATE: on }).calendarFetchAllowPrivate, on).toBe(true);
    for (const off of ['', '0', 'false', 'no', 'maybe']) expect(loadConfig({ INIT_CWD: base, CALENDAR_FETCH_ALLOW_PRIVATE: off }).calendarFetchAllowPrivate, off).toBe(false);
  });

  it('issue 31 item 4: logs are readable lines only in development on a terminal or with LOG_PRETTY=1, JSON otherwise', () => {
    const production = { INIT_CWD: base, NODE_ENV: 'production', PUBLIC_URL: 'https://patio.example.org' };
    expect(loadConfig({ INIT_CWD: base }, { stdoutIsTty: true }).logPretty).toBe(true);
    expect(loadConfig({ INIT_CWD: base }, { stdoutIsTty: false }).logPretty).toBe(false);
    expect(loadConfig({ INIT_CWD: base, LOG_PRETTY: '1' }, { stdoutIsTty: false }).logPretty).toBe(true);
    expect(loadConfig({ INIT_CWD: base, LOG_PRETTY: '0' }, { stdoutIsTty: true }).logPretty).toBe(false);
    expect(loadConfig(production, { stdoutIsTty: true }).logPretty).toBe(false);
    expect(loadConfig({ ...production, LOG_PRETTY: '0' }, { stdoutIsTty: true }).logPretty).toBe(false);
    expect(() => loadConfig({ ...production, LOG_PRETTY: '1' })).toThrow(/LOG_PRETTY=1 is for development/);
    expect(() => loadConfig({ INIT_CWD: base, LOG_PRETTY: 'colour' })).toThrow(/LOG_PRETTY must be 1 or 0/);
  });

  it('issue 31 item 3: METRICS_TOKEN is long enough not to be guessed, and the readiness lag bound is a number of seconds', () => {
    const config = loadConfig({ INIT_CWD: base });
    expect(config.metricsToken).toBeUndefined();
    expect(config.readyMaxJobLagSeconds).toBe(DEFAULT_READY_MAX_JOB_LAG_SECONDS);
    expect(loadConfig({ INIT_CWD: base, METRICS_TOKEN: ' 0123456789abcdef ' }).metricsToken).toBe('0123456789abcdef');
    expect(() => loadConfig({ INIT_CWD: base, METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 16 characters/);
    expect(() => loadConfig({ INIT_CWD: base, METRICS_TOKEN: 'sixteen chars or more' })).toThrow(/printable ASCII without spaces/);
    expect(loadConfig({ INIT_CWD: base, READY_MAX_JOB_LAG_SECONDS: '120' }).readyMaxJobLagSeconds).toBe(120);
    expect(loadConfig({ INIT_CWD: base, READY_MAX_JOB_LAG_SECONDS: '0' }).readyMaxJobLagSeconds).toBe(0);
    for (const wrong of ['-1', 'ten', '1.5']) expect(() => loadConfig({ INIT_CWD: base, READY_MAX_JOB_LAG_SECONDS: wrong }), wrong).toThrow(/READY_MAX_JOB_LAG_SECONDS/);
  });
});

describe('log redaction', () => {
  it('hides sign-in tokens in logged URLs', () => {
    expect(redactUrl('/login?school=demo&token=abc123')).toBe('/login?school=demo&token=[redacted]');
    expect(redactUrl('/x?access_token=t&y=1')).toBe('/x?access_token=[redacted]&y=1');
  });
});
