import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/harness';
import { ImageCache } from './proxy.cache';
import { fetchImage, type ProxyResult, proxyPolicyOf } from './proxy.fetch';
import { type ImageSite, JPEG_BYTES, makeImageSiteCertificate, PNG_BYTES, startImageSite } from './proxy.fixtures';
import { imageProxyFor, withProxiedImages } from './proxy.rewrite';
import { signedProxyAddress } from './proxy.signing';

// Issue 33 item 8: pictures of other sites reach readers through /proxy/, signed by the server,
// fetched over public https only, checked by their bytes, answered with headers of our own, cached.

const certificate = makeImageSiteCertificate();
// A built web app's index, to show the SPA fallback no longer answers /proxy/.
const webRoot = mkdtempSync(join(tmpdir(), 'patio-proxy-web-'));
writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Patio</title>');

describeOnDatabases(
  'image proxy',
  (t) => {
    let site: ImageSite;
    beforeAll(async () => {
      site = await startImageSite(certificate);
    });
    afterAll(() => site?.close());

    const proxied = (path: string) => signedProxyAddress(t.config, `${site.base}${path}`);
    const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
    const hitsOf = (path: string) => site.hits.get(path) ?? 0;

    it('item 8: a signed picture comes back byte for byte, typed by its bytes, with headers of our own and nothing of the reader sent on', async () => {
      const res = await get(proxied('/ok.png'), { cookie: 'patio=secret', referer: 'https://patio.test/deck/thread/7', authorization: 'Bearer abc', 'x-forwarded-for': '203.0.113.9' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.rawPayload.equals(PNG_BYTES)).toBe(true);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
      expect(res.headers['set-cookie']).toBeUndefined();
      for (const name of ['cookie', 'referer', 'authorization', 'x-forwarded-for', 'forwarded']) expect(site.lastHeaders[name], name).toBeUndefined();
      expect(site.lastHeaders['user-agent']).toBe('Patio image proxy');

      const mislabelled = await get(proxied('/mislabelled.png'));
      expect(mislabelled.statusCode).toBe(200);
      expect(mislabelled.headers['content-type']).toBe('image/jpeg');
      expect(mislabelled.rawPayload.equals(JPEG_BYTES)).toBe(true);
    });

    it('item 8: an unsigned, tampered or foreign signature is 403 and fetches nothing; the web app no longer answers /proxy/', async () => {
      const before = hitsOf('/ok.png') + hitsOf('/logo.svg');
      const good = new URL(proxied('/ok.png'), 'http://x');
      const sig = good.searchParams.get('sig')!;
      const other = new URL(signedProxyAddress({ jwtSecret: Buffer.alloc(32, 9) }, `${site.base}/ok.png`), 'http://x').searchParams.get('sig')!;
      const attempts = [
        `/proxy/?url=${encodeURIComponent(`${site.base}/ok.png`)}`,
        `/proxy/?url=${encodeURIComponent(`${site.base}/ok.png`)}&sig=`,
        `/proxy/?url=${encodeURIComponent(`${site.base}/logo.svg`)}&sig=${sig}`,
        `/proxy/?url=${encodeURIComponent(`${site.base}/ok.png?x=1`)}&sig=${sig}`,
        `/proxy/?url=${encodeURIComponent(`${site.base}/ok.png`)}&sig=${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`,
        `/proxy/?url=${encodeURIComponent(`${site.base}/ok.png`)}&sig=${other}`,
        `/proxy?url=${encodeURIComponent(`${site.base}/ok.png`)}&sig=${'x'.repeat(100)}`,
      ];
      for (const url of attempts) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(403);
        expect(res.json(), url).toMatchObject({ error: 'bad_signature', message: expect.any(String) });
      }
      const bare = await get('/proxy/');
      expect(bare.statusCode).toBe(400);
      expect(bare.headers['content-type']).toMatch(/json/);
      expect((await get(`/proxy/?url=${'a'.repeat(5000)}&sig=x`)).statusCode).toBe(400);
      const nul = await get(`/proxy/?url=${encodeURIComponent(`${site.base}/ok.png\0`)}&sig=${sig}`);
      expect([400, 403]).toContain(nul.statusCode);
      expect(nul.json().error).toEqual(expect.any(String));
      expect(hitsOf('/ok.png') + hitsOf('/logo.svg')).toBe(before);
      // The same app still answers its own pages with the web app.
      expect((await get('/deck/threads')).headers['content-type']).toMatch(/text\/html/);
      // Documented beside the API.
      const doc = (await get('/api/docs/json')).json();
      expect(doc.paths['/proxy'].get.summary).toEqual(expect.any(String));
    });

    it('item 8: private addresses, plain http and redirects into them are refused without reaching them', async () => {
      for (const address of ['https://10.0.0.1/photo.png', 'https://169.254.169.254/latest/meta-data', 'https://[fd12::1]/x.png', `${site.base.replace('https:', 'http:')}/ok.png`]) {
        const res = await get(signedProxyAddress(t.config, address));
        expect(res.statusCode, address).toBe(403);
        expect(res.json().error, address).toBe('address_refused');
      }
      for (const path of ['/to-private', '/to-metadata', '/to-http']) {
        const res = await get(proxied(path));
        expect(res.statusCode, path).toBe(403);
        expect(res.json().error, path).toBe('address_refused');
      }
      expect((await get(proxied('/to-ok'))).statusCode).toBe(200);
      // Outside tests the proxy reaches public addresses only: the loopback site is refused by address and by name.
      const before = hitsOf('/ok.png');
      const port = new URL(site.base).port;
      for (const address of [`${site.base}/ok.png`, `https://localhost:${port}/ok.png`]) {
        expect(await fetchImage(address, proxyPolicyOf(undefined)), address).toMatchObject({ ok: false, status: 403, code: 'address_refused' });
      }
      expect(hitsOf('/ok.png')).toBe(before);
    });

    it('item 8: a picture over the size cap is 413, whether it says so or not', async () => {
      for (const path of ['/huge.png', '/declared-huge.png']) {
        const res = await get(proxied(path));
        expect(res.statusCode, path).toBe(413);
        expect(res.json(), path).toMatchObject({ error: 'image_too_large', message: expect.stringContaining('10 MiB') });
      }
    });

    it('item 8: what is not a raster picture is 415 (a page typed image/png, SVG by type or by content, no image type); a missing one 502', async () => {
      const expected: [string, number, string][] = [
        ['/page.png', 415, 'not_an_image'],
        ['/octet.png', 415, 'not_an_image'],
        ['/logo.svg', 415, 'svg_refused'],
        ['/svg.png', 415, 'svg_refused'],
        ['/missing.png', 502, 'upstream_error'],
      ];
      for (const [path, status, error] of expected) {
        const res = await get(proxied(path));
        expect(res.statusCode, path).toBe(status);
        expect(res.headers['content-type'], path).toMatch(/application\/json/);
        expect(res.json(), path).toMatchObject({ error, message: expect.any(String) });
      }
    });

    it('item 8: 20 parallel requests for one picture fetch it once, and later ones come from the cache', async () => {
      const address = proxied('/slow.png');
      const answers = await Promise.all(Array.from({ length: 20 }, () => get(address)));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
      for (const answer of answers) expect(answer.rawPayload.equals(PNG_BYTES)).toBe(true);
      expect(hitsOf('/slow.png')).toBe(1);
      expect((await get(address)).statusCode).toBe(200);
      expect(hitsOf('/slow.png')).toBe(1);
    });
  },
  { imageProxyLoopback: { ca: certificate.cert }, webRoot },
);

describe('image proxy addresses in descriptions', () => {
  const config = { jwtSecret: Buffer.alloc(32, 1) };
  const map = imageProxyFor(config, 'https://patio.test');

  it('item 8: http pictures are asked for over https, our own origin and relative addresses stay as they are', () => {
    expect(map('http://fotos.example/a.png')).toBe(signedProxyAddress(config, 'https://fotos.example/a.png'));
    expect(map('https://patio.test/api/demo/files/1/preview?expires=0&sig=x')).toBe('https://patio.test/api/demo/files/1/preview?expires=0&sig=x');
    expect(map('/api/demo/files/1/preview?expires=0&sig=x')).toBe('/api/demo/files/1/preview?expires=0&sig=x');
    expect(withProxiedImages('<p>sin fotos &lt;img src="https://x.example/a.png"&gt;</p>', map)).toBe('<p>sin fotos &lt;img src="https://x.example/a.png"&gt;</p>');
  });
});

describe('image proxy cache', () => {
  const picture = (size: number): ProxyResult => ({ ok: true, type: 'image/png', bytes: Buffer.alloc(size) });

  it('item 8: keeps pictures up to its bound, dropping the least recently used first, and refetches after the hour', async () => {
    let now = 0;
    const cache = new ImageCache(3100, () => now);
    const loads: string[] = [];
    const load = (url: string) => cache.get(url, async () => (loads.push(url), picture(1000)));
    for (const url of ['a', 'b', 'c']) await load(url);
    await load('a'); // a is now the most recent: b is the oldest
    await load('d');
    await load('a');
    await load('b');
    expect(loads).toEqual(['a', 'b', 'c', 'd', 'b']);
    now += 61 * 60 * 1000;
    await load('a');
    expect(loads.at(-1)).toBe('a');
    expect(loads).toHaveLength(6);
  });
});
