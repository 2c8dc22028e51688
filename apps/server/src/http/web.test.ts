import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { describeOnDatabases } from '../test/harness';
import { disagreement } from './error-codes';

// A built web app with the service worker the web build copies to its root (apps/web/public/sw.js).
const webRoot = mkdtempSync(join(tmpdir(), 'patio-web-sw-'));
writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Patio</title>');
writeFileSync(join(webRoot, 'sw.js'), "self.addEventListener('push', () => {});\n");

afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

/** The sources a service worker may load from under `csp`: worker-src, else child-src, else script-src, else default-src. */
function workerSources(csp: string): string[] {
  const directives = new Map(csp.split(';').map((part) => {
    const [name, ...values] = part.trim().split(/\s+/);
    return [name, values] as const;
  }));
  for (const name of ['worker-src', 'child-src', 'script-src', 'default-src']) {
    const values = directives.get(name);
    if (values) return values;
  }
  return ['*'];
}

describeOnDatabases(
  'the service worker',
  (t) => {
    it('is served from the site root as JavaScript, revalidated on every load, and allowed by the policy', async () => {
      const res = await t.request({ method: 'GET', url: '/sw.js' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      // A cached worker would keep an old version running for a day: browsers check it against this.
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain("addEventListener('push'");
      expect(workerSources(String(res.headers['content-security-policy']))).toContain("'self'");
    });

    it('item 4: an address with an empty segment answers 404 {error: "not_found"}, never the web app', async () => {
      for (const url of ['/a//b', '//', '//a', '/a//', '/settings//x', '/api/demo//x', '//api/directory/demo', '/sw.js//']) {
        const res = await t.request({ method: 'GET', url });
        expect({ url, status: res.statusCode, body: res.json() }).toEqual({ url, status: 404, body: { error: 'not_found', message: expect.any(String) } });
      }
      const page = await t.request({ method: 'GET', url: '/a/b' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>Patio</title>');
    });

    it('item 4: status and error code agree on what the web app\'s files answer', async () => {
      for (const [method, url] of [['GET', '/.env'], ['GET', '/%2e%2e/etc/passwd'], ['GET', '/assets/..%2f..%2fpackage.json'], ['POST', '/sw.js'], ['DELETE', '/'], ['GET', '/index.html/x']] as const) {
        const res = await t.request({ method, url, headers: { range: 'bytes=999999-' } });
        if (res.statusCode < 400) continue;
        expect({ url, problem: disagreement(res.statusCode, res.json().error) }).toEqual({ url, problem: null });
      }
    });
  },
  { webRoot },
);
