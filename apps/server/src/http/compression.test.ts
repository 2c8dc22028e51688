import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, expect, it } from 'vitest';
import { describeOnDatabases } from '../test/harness';

// A tiny built web app, precompressed by the web build's own script.
const webRoot = mkdtempSync(join(tmpdir(), 'patio-web-'));
const script = `export const greeting = ${JSON.stringify('hola '.repeat(600))};\n`;
mkdirSync(join(webRoot, 'assets'));
writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Patio</title><script type="module" src="/assets/index-AbCd1234.js"></script>');
writeFileSync(join(webRoot, 'assets', 'index-AbCd1234.js'), script);
writeFileSync(join(webRoot, 'assets', 'tiny-EfGh5678.js'), 'export {};\n');
const precompress = spawnSync(process.execPath, [new URL('../../../web/scripts/precompress.mjs', import.meta.url).pathname, webRoot], { encoding: 'utf8' });

afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

describeOnDatabases(
  'compression',
  (t) => {
    const asset = '/assets/index-AbCd1234.js';

    it('precompresses files of 1 KiB or more at build time, and leaves smaller ones alone', () => {
      expect(precompress.status, precompress.stderr).toBe(0);
      expect(existsSync(join(webRoot, 'assets', 'index-AbCd1234.js.br'))).toBe(true);
      expect(existsSync(join(webRoot, 'assets', 'index-AbCd1234.js.gz'))).toBe(true);
      expect(existsSync(join(webRoot, 'assets', 'tiny-EfGh5678.js.br'))).toBe(false);
      expect(existsSync(join(webRoot, 'index.html.gz'))).toBe(false);
    });

    it('serves a hashed asset as brotli, gzip or as it is, as the browser accepts, cached for good', async () => {
      const get = (acceptEncoding?: string) => t.request({ method: 'GET', url: asset, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
      const br = await get('gzip, deflate, br');
      const gz = await get('gzip');
      const plain = await get();
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);
      for (const res of [br, gz, plain]) {
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      }
      expect(br.rawPayload.length).toBeLessThan(gz.rawPayload.length);
      expect(gz.rawPayload.length).toBeLessThan(script.length / 10);
    });

    it('sends index.html uncached, on its path and on client routes', async () => {
      for (const url of ['/index.html', '/code']) {
        const res = await t.request({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.body).toContain('<title>Patio</title>');
      }
    });

    it('compresses API answers of 1 KiB or more and not smaller ones', async () => {
      const school = await t.makeSchool();
      const admin = await t.makePerson(school, { role: 'admin' });
      for (let i = 0; i < 30; i++) await t.makePerson(school);
      const token = await t.signIn(admin);
      const page = { method: 'GET' as const, url: `/api/${school.code}/people?limit=30`, token };

      const plain = await t.request(page);
      expect(plain.statusCode).toBe(200);
      expect(plain.rawPayload.length).toBeGreaterThan(1024);
      expect(plain.headers['content-encoding']).toBeUndefined();

      const gz = await t.request({ ...page, headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gz.headers.vary).toMatch(/accept-encoding/i);
      expect(gz.headers['x-total-count']).toBe(plain.headers['x-total-count']);
      expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);

      const br = await t.request({ ...page, headers: { 'accept-encoding': 'br, gzip' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

      const small = await t.request({ method: 'GET', url: `/api/${school.code}/vue/settings`, headers: { 'accept-encoding': 'br, gzip' } });
      expect(small.statusCode).toBe(200);
      expect(small.rawPayload.length).toBeLessThan(1024);
      expect(small.headers['content-encoding']).toBeUndefined();
      expect(small.json()).toHaveProperty('title');
    });
  },
  { webRoot },
);
