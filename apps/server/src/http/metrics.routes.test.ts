import { expect, it } from 'vitest';
import { describeOnDatabases, type TestApp } from '../test/harness';
import { hasBearerToken, isLoopbackAddress } from './metrics-access';

// issue 31 item 3: GET /metrics is for METRICS_TOKEN's bearer or the server's own machine; anyone else
// gets 401, also through a proxy on the same machine, with or without TRUST_PROXY.

const metricsToken = 'metrics-token-0123456789abcdef';
const internet = '203.0.113.7';

function scrapeAs(t: TestApp, options: { from?: string; authorization?: string; headers?: Record<string, string> } = {}) {
  return t.app.inject({
    method: 'GET',
    url: '/metrics',
    remoteAddress: options.from ?? '127.0.0.1',
    headers: { ...(options.authorization ? { authorization: options.authorization } : {}), ...options.headers },
  });
}

describeOnDatabases(
  'who may read the metrics, without TRUST_PROXY',
  (t) => {
    it('item 3: refuses a caller from another machine without the token, and accepts the token from anywhere', async () => {
      for (const authorization of [undefined, 'Bearer wrong-token-0123456789abcdef', `Basic ${metricsToken}`, `Bearer ${metricsToken}x`, `Bearer ${metricsToken.slice(0, -1)}`]) {
        const refused = await scrapeAs(t, { from: internet, authorization });
        expect(refused.statusCode, authorization).toBe(401);
        expect(refused.json()).toMatchObject({ error: 'unauthorized', message: expect.stringContaining('METRICS_TOKEN') });
        expect(refused.headers['www-authenticate']).toBe('Bearer realm="metrics"');
        expect(refused.body).not.toContain('patio_');
      }
      const accepted = await scrapeAs(t, { from: internet, authorization: `Bearer ${metricsToken}` });
      expect(accepted.statusCode).toBe(200);
      expect(accepted.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(accepted.headers['cache-control']).toBe('no-store');
      expect(accepted.body).toContain('# TYPE patio_http_request_duration_seconds histogram');
      expect((await scrapeAs(t, { from: internet, authorization: `bearer   ${metricsToken}` })).statusCode).toBe(200);
    });

    it('item 3: lets the server’s own machine in without a token, but not a request a proxy forwarded to it', async () => {
      for (const from of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) expect((await scrapeAs(t, { from })).statusCode, from).toBe(200);
      for (const from of ['10.0.0.2', '::ffff:10.0.0.2', '::2', '128.0.0.1']) expect((await scrapeAs(t, { from })).statusCode, from).toBe(401);
      // A proxy on this machine (Caddy, nginx) connects from 127.0.0.1 but says whom it forwards.
      const forwarded: Record<string, string>[] = [{ 'x-forwarded-for': internet }, { 'x-forwarded-for': '127.0.0.1' }, { forwarded: `for=${internet}` }, { 'x-real-ip': internet }];
      for (const headers of forwarded) {
        expect((await scrapeAs(t, { headers })).statusCode, JSON.stringify(headers)).toBe(401);
      }
      expect((await scrapeAs(t, { headers: { 'x-forwarded-for': internet }, authorization: `Bearer ${metricsToken}` })).statusCode).toBe(200);
    });

    it('item 3: no bearer token opens the metrics when METRICS_TOKEN is unset, and an unknown address is never loopback', () => {
      expect(hasBearerToken('Bearer anything-at-all-here', undefined)).toBe(false);
      expect(hasBearerToken('Bearer ', '')).toBe(false);
      expect(hasBearerToken(`Bearer ${metricsToken}`, metricsToken)).toBe(true);
      expect(isLoopbackAddress(undefined)).toBe(false);
      expect(isLoopbackAddress('localhost')).toBe(false);
    });
  },
  { metricsToken },
);

describeOnDatabases(
  'who may read the metrics, behind a trusted proxy (TRUST_PROXY=1)',
  (t) => {
    it('item 3: judges the client the proxy names, not the proxy: the internet through a local proxy is refused', async () => {
      expect((await scrapeAs(t, { headers: { 'x-forwarded-for': internet } })).statusCode).toBe(401);
      expect((await scrapeAs(t, { headers: { 'x-forwarded-for': `127.0.0.1, ${internet}` } })).statusCode).toBe(401);
      expect((await scrapeAs(t, { headers: { 'x-forwarded-for': internet }, authorization: `Bearer ${metricsToken}` })).statusCode).toBe(200);
      // A scraper on the machine itself, straight to the server.
      expect((await scrapeAs(t)).statusCode).toBe(200);
      expect((await scrapeAs(t, { from: internet })).statusCode).toBe(401);
      // Sent straight from the internet, a forged X-Forwarded-For still comes from its socket.
      expect((await scrapeAs(t, { from: internet, headers: { 'x-forwarded-for': '127.0.0.1' } })).statusCode).toBe(401);
    });
  },
  { metricsToken, trustProxy: 1 },
);
