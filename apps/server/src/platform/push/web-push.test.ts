import { mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PushMessage } from '@patio/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../config';
import { startPushEndpoint, type PushEndpoint } from '../../test/push-endpoint';
import { topicFor } from './collapse-key';
import { endpointUrlOf } from './endpoint-guard';
import { createPushSender } from './push-sender';
import { vapidKeysFor } from './vapid-keys';
import { createWebPushSender } from './web-push';

const message: PushMessage = { title: 'Excursión', body: 'Mañana salimos a las 8', payload: JSON.stringify({ type: 'post', id: 7 }), post: { id: 7, thread: 3 } };
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('Web Push', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'patio-web-push-'));
  let push: PushEndpoint;
  const config = { dataDir, pushAllowInsecureEndpoints: true } as AppConfig;
  const strictConfig = { dataDir, pushAllowInsecureEndpoints: false } as AppConfig;

  beforeAll(async () => {
    push = await startPushEndpoint();
  });
  afterAll(async () => {
    await push.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers the PushMessage encrypted, signed with the server VAPID key, under a topic from the idempotency key', async () => {
    const device = push.subscribe();
    const sender = createPushSender(config, silent);
    const outcome = await sender.send({ platform: 'web', token: device.token }, { ...message, extra: 'not for the push service' } as PushMessage, { idempotencyKey: 'notice-1:device-9' });
    expect(outcome).toEqual({ ok: true });
    expect(push.failures).toEqual([]);
    const [received] = push.received.slice(-1);
    expect(received.message).toEqual(message);
    expect(received.vapidPublicKey).toBe(vapidKeysFor(config).publicKey);
    expect(received).toMatchObject({ topic: topicFor('notice-1:device-9'), urgency: 'normal', ttl: 4 * 7 * 24 * 3600 });
    expect(received.topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it('resends under the same topic, marks urgent notices high and keeps a given TTL', async () => {
    const device = push.subscribe();
    const sender = createPushSender(config, silent);
    await sender.send({ platform: 'web', token: device.token }, message, { idempotencyKey: 'k-1' });
    await sender.send({ platform: 'web', token: device.token }, message, { idempotencyKey: 'k-1', urgent: true, ttlSeconds: 60 });
    await sender.send({ platform: 'web', token: device.token }, message, { idempotencyKey: 'k-2' });
    const mine = push.received.filter((entry) => entry.path === new URL(device.subscription.endpoint).pathname);
    expect(mine.map((entry) => entry.topic)).toEqual([topicFor('k-1'), topicFor('k-1'), topicFor('k-2')]);
    expect(mine[0].topic).not.toBe(mine[2].topic);
    expect(mine[1]).toMatchObject({ urgency: 'high', ttl: 60 });
  });

  it('maps the push service answers: 404 and 410 gone, 429 and 5xx retry, 400 and 413 neither', async () => {
    const sender = createPushSender(config, silent);
    const cases: [number, object][] = [
      [410, { ok: false, gone: true, retry: false }],
      [404, { ok: false, gone: true, retry: false }],
      [500, { ok: false, gone: false, retry: true }],
      [503, { ok: false, gone: false, retry: true }],
      [429, { ok: false, gone: false, retry: true }],
      [400, { ok: false, gone: false, retry: false }],
      [413, { ok: false, gone: false, retry: false }],
    ];
    for (const [status, expected] of cases) {
      const device = push.subscribe(`/status/${status}`);
      push.respondWith(`/status/${status}`, status);
      expect(await sender.send({ platform: 'web', token: device.token }, message, { idempotencyKey: 'k' }), String(status)).toMatchObject(expected);
    }
  });

  it('treats a token that cannot be a subscription as gone, without a request', async () => {
    const sender = createPushSender(config, silent);
    const valid = push.subscribe().subscription;
    const before = push.requestCount;
    const wrong = [
      'not json',
      'null',
      JSON.stringify({ keys: valid.keys }),
      JSON.stringify({ endpoint: valid.endpoint }),
      JSON.stringify({ endpoint: valid.endpoint, keys: { p256dh: 'short', auth: valid.keys.auth } }),
      JSON.stringify({ endpoint: valid.endpoint, keys: { p256dh: valid.keys.p256dh, auth: 'c2hvcnQ' } }),
      // 65 bytes in the right form, but no point on the curve.
      JSON.stringify({ endpoint: valid.endpoint, keys: { p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString('base64url'), auth: valid.keys.auth } }),
    ];
    for (const token of wrong) {
      expect(await sender.send({ platform: 'web', token }, message, { idempotencyKey: 'k' }), token).toEqual({ ok: false, gone: true, retry: false, reason: 'invalid_subscription' });
    }
    expect(push.requestCount).toBe(before);
  });

  it('retries when the push service cannot be reached', async () => {
    const closed = await startPushEndpoint();
    const device = closed.subscribe();
    await closed.close();
    expect(await createPushSender(config, silent).send({ platform: 'web', token: device.token }, message, { idempotencyKey: 'k' })).toMatchObject({ ok: false, gone: false, retry: true });
  });

  it('gives up on a push service that does not answer in time, for a later retry', async () => {
    const silentServer = createHttpServer(() => undefined);
    await new Promise<void>((resolve) => silentServer.listen(0, '127.0.0.1', resolve));
    const device = push.subscribe();
    const token = JSON.stringify({ ...device.subscription, endpoint: `http://127.0.0.1:${(silentServer.address() as { port: number }).port}/push` });
    const sender = createWebPushSender({ vapid: () => vapidKeysFor(config), allowInsecureEndpoints: true, timeoutMs: 200 });
    expect(await sender.send(token, message, { idempotencyKey: 'k' })).toEqual({ ok: false, gone: false, retry: true, reason: 'web_push_timeout' });
    silentServer.closeAllConnections();
    await new Promise<void>((resolve) => silentServer.close(() => resolve()));
  });

  describe('without PUSH_ALLOW_INSECURE_ENDPOINTS', () => {
    let listener: Server;
    let connections = 0;
    let port = 0;
    beforeAll(async () => {
      listener = createServer((socket) => {
        connections++;
        socket.destroy();
      });
      await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
      port = (listener.address() as { port: number }).port;
    });
    afterAll(() => new Promise<void>((resolve) => listener.close(() => resolve())));

    it('refuses http and loopback endpoints as gone, without connecting', async () => {
      const sender = createPushSender(strictConfig, silent);
      const before = push.requestCount;
      const device = push.subscribe();
      for (const endpoint of [device.subscription.endpoint, `https://127.0.0.1:${port}/push`, `https://localhost:${port}/push`, `https://[::ffff:127.0.0.1]:${port}/push`]) {
        const token = JSON.stringify({ ...device.subscription, endpoint });
        expect(await sender.send({ platform: 'web', token }, message, { idempotencyKey: 'k' }), endpoint).toEqual({ ok: false, gone: true, retry: false, reason: 'endpoint_not_allowed' });
      }
      expect(push.requestCount).toBe(before);
      expect(connections).toBe(0);
    });
  });

  it('accepts only https endpoints without credentials, unless insecure endpoints are allowed', () => {
    expect(endpointUrlOf('https://push.example.org/x', false)?.host).toBe('push.example.org');
    expect(endpointUrlOf('http://push.example.org/x', false)).toBeNull();
    expect(endpointUrlOf('http://push.example.org/x', true)?.protocol).toBe('http:');
    expect(endpointUrlOf('https://user:pw@push.example.org/x', false)).toBeNull();
    expect(endpointUrlOf('ftp://push.example.org/x', true)).toBeNull();
    expect(endpointUrlOf('not a url', true)).toBeNull();
  });
});
