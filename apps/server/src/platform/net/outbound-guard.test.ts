import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchOutbound, isRefusedOutbound, OutboundError, outboundAddressOf, type OutboundPolicy } from './outbound-guard';

// The rule every outbound fetch of an address someone else chose goes through (issue 29 item 4).

const request = { timeoutMs: 2000, maxBytes: 1024, maxRedirects: 3 };
const loopback: OutboundPolicy = { reach: 'loopback', plainHttp: 'loopback' };
const publicOnly: OutboundPolicy = { reach: 'public', plainHttp: 'loopback' };

async function failureOf(promise: Promise<unknown>): Promise<string> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof OutboundError)) throw new Error(`expected an OutboundError, got ${String(err)}`);
  return err.code;
}

describe('the outbound guard', () => {
  let server: Server;
  let base: string;
  const hits: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      hits.push(`${req.method} ${req.url}`);
      const redirects: Record<string, string> = { '/to-metadata': 'http://169.254.169.254/latest/', '/to-lan': 'https://10.1.2.3/x', '/to-self': '/ok', '/to-ula': 'https://[fd12::1]/x' };
      if (req.url && redirects[req.url]) {
        res.writeHead(302, { location: redirects[req.url] });
        res.end();
        return;
      }
      if (req.url === '/big') {
        res.end('x'.repeat(4096));
        return;
      }
      res.end('fine');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('item 4: sso loopback reach adds 127.0.0.1 only: other private addresses, before or after a redirect, are refused', async () => {
    expect((await fetchOutbound(`${base}/to-self`, loopback, request)).body).toBe('fine');
    for (const path of ['/to-metadata', '/to-lan', '/to-ula']) expect(await failureOf(fetchOutbound(`${base}${path}`, loopback, request)), path).toMatch(/address_refused|scheme_refused/);
    for (const address of ['https://10.0.0.1/', 'https://169.254.169.254/', 'https://[fc00::1]/', 'https://[::ffff:10.0.0.1]/', 'https://0.0.0.0/']) {
      expect(await failureOf(fetchOutbound(address, loopback, request)), address).toBe('address_refused');
    }
  });

  it('item 4: sso public reach refuses loopback by address and by a name that resolves to it, and plain http', async () => {
    const port = new URL(base).port;
    const before = hits.length;
    for (const address of [`https://127.0.0.1:${port}/`, `https://localhost:${port}/`, `https://[::1]:${port}/`]) {
      expect(await failureOf(fetchOutbound(address, publicOnly, request)), address).toBe('address_refused');
    }
    expect(await failureOf(fetchOutbound(`${base}/ok`, publicOnly, request))).toBe('scheme_refused');
    expect(outboundAddressOf('http://issuer.example/', loopback)).toBeNull();
    expect(outboundAddressOf('https://user:pw@issuer.example/', publicOnly)).toBeNull();
    expect(await isRefusedOutbound(`https://localhost:${port}/`, publicOnly)).toBe(true);
    expect(await isRefusedOutbound('https://unresolvable.invalid/', publicOnly)).toBe(false);
    expect(hits.length).toBe(before);
  });

  it('item 8 (issue 33): an https-only policy refuses plain http even where loopback is reached, and answers keep their bytes', async () => {
    const httpsOnly: OutboundPolicy = { reach: 'loopback', plainHttp: 'never' };
    const before = hits.length;
    expect(outboundAddressOf(`${base}/ok`, httpsOnly)).toBeNull();
    expect(await failureOf(fetchOutbound(`${base}/ok`, httpsOnly, request))).toBe('scheme_refused');
    expect(hits.length).toBe(before);
    const answer = await fetchOutbound(`${base}/ok`, loopback, request);
    expect(answer.bytes.equals(Buffer.from('fine'))).toBe(true);
    expect(answer.body).toBe('fine');
  });

  it('item 4: sso a POST does not follow a redirect, and a body past the limit is refused', async () => {
    const answer = await fetchOutbound(`${base}/to-metadata`, loopback, { ...request, method: 'POST', body: 'a=1' });
    expect(answer.status).toBe(302);
    expect(await failureOf(fetchOutbound(`${base}/big`, loopback, request))).toBe('too_large');
  });
});
