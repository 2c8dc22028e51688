import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import http2, { type Http2Server, type Http2Session, type IncomingHttpHeaders } from 'node:http2';
import type { AddressInfo } from 'node:net';
import type { PushMessage } from '@patio/core';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../config';
import { createApnsSender } from './apns';
import { collapseIdFor } from './collapse-key';
import { createPushSender } from './push-sender';
import type { ApnsSettings } from './push-settings';

const message: PushMessage = { title: 'Transporte', body: 'La ruta 1 va con retraso', payload: '{"kind":"bus"}', post: { id: 5, thread: 2 } };
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const device = 'a1'.repeat(32);
const answers: Record<string, [number, string?]> = {
  ['b2'.repeat(32)]: [410, 'Unregistered'],
  ['c3'.repeat(32)]: [400, 'BadDeviceToken'],
  ['d4'.repeat(32)]: [500, 'InternalServerError'],
  ['e5'.repeat(32)]: [429, 'TooManyRequests'],
  ['f6'.repeat(32)]: [400, 'PayloadTooLarge'],
};

describe('APNs', () => {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256', privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
  let server: Http2Server;
  let settings: ApnsSettings;
  const sessions = new Set<Http2Session>();
  const requests: { headers: IncomingHttpHeaders; body: unknown }[] = [];

  beforeAll(async () => {
    // HTTP/2 without TLS (h2c): what createApnsSender speaks to an http:// host.
    server = http2.createServer();
    server.on('session', (session) => sessions.add(session));
    server.on('stream', (stream, headers) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        requests.push({ headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
        const [status, reason] = answers[String(headers[':path']).split('/').pop() ?? ''] ?? [200];
        stream.respond({ ':status': status, 'apns-id': 'E621E1F8-C36C-495A-93FC-0C247A3E6E5F' });
        stream.end(reason ? JSON.stringify({ reason }) : undefined);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    settings = { privateKey, keyId: 'ABC123DEFG', teamId: 'DEF123GHIJ', topic: 'org.patio.app', host: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  });
  afterAll(async () => {
    for (const session of sessions) session.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('posts an alert to /3/device/{token} with a provider token, the topic and a collapse id', async () => {
    const sender = createApnsSender(settings);
    try {
      expect(await sender.send(device, message, { idempotencyKey: 'notice-3:device-1', urgent: true })).toEqual({ ok: true });
      expect(await sender.send(device, message, { idempotencyKey: 'notice-4:device-1' })).toEqual({ ok: true });
    } finally {
      sender.close();
    }
    const [first, second] = requests.slice(-2);
    expect(first.headers).toMatchObject({
      ':method': 'POST',
      ':path': `/3/device/${device}`,
      'apns-topic': 'org.patio.app',
      'apns-push-type': 'alert',
      'apns-collapse-id': collapseIdFor('notice-3:device-1'),
      'apns-priority': '10',
    });
    expect(Buffer.byteLength(String(first.headers['apns-collapse-id']))).toBeLessThanOrEqual(64);
    expect(Number(first.headers['apns-expiration'])).toBeGreaterThan(Date.now() / 1000);
    expect(first.body).toEqual({ aps: { alert: { title: 'Transporte', body: 'La ruta 1 va con retraso' }, sound: 'default' }, payload: '{"kind":"bus"}', post: { id: 5, thread: 2 } });
    expect(second.headers['apns-priority']).toBe('5');

    const jwt = String(first.headers.authorization).replace(/^bearer /, '');
    expect(decodeProtectedHeader(jwt)).toEqual({ alg: 'ES256', kid: 'ABC123DEFG' });
    const { payload } = await jwtVerify(jwt, createPublicKey(publicKey), { issuer: 'DEF123GHIJ' });
    expect(payload.iat).toBeGreaterThan(Date.now() / 1000 - 60);
    // One provider token serves many requests.
    expect(second.headers.authorization).toBe(first.headers.authorization);
  });

  it('maps Unregistered and BadDeviceToken to gone, 429 and 5xx to retry', async () => {
    const sender = createApnsSender(settings);
    const outcome = (token: string) => sender.send(token, message, { idempotencyKey: 'k' });
    try {
      expect(await outcome('b2'.repeat(32))).toEqual({ ok: false, gone: true, retry: false, reason: 'apns_Unregistered' });
      expect(await outcome('c3'.repeat(32))).toMatchObject({ ok: false, gone: true, retry: false });
      expect(await outcome('d4'.repeat(32))).toMatchObject({ ok: false, gone: false, retry: true });
      expect(await outcome('e5'.repeat(32))).toMatchObject({ ok: false, gone: false, retry: true });
      expect(await outcome('f6'.repeat(32))).toMatchObject({ ok: false, gone: false, retry: false });
      const before = requests.length;
      expect(await outcome('../../status')).toEqual({ ok: false, gone: true, retry: false, reason: 'apns_invalid_token' });
      expect(requests).toHaveLength(before);
    } finally {
      sender.close();
    }
  });

  it('reaches iOS through APNs by default when APNs is configured, and reconnects after the connection closed', async () => {
    const sender = createPushSender({ apns: settings } as AppConfig, silent);
    expect(await sender.send({ platform: 'ios', token: device }, message, { idempotencyKey: 'k' })).toEqual({ ok: true });
    for (const session of sessions) session.destroy();
    expect(await sender.send({ platform: 'ios', token: device }, message, { idempotencyKey: 'k' })).toEqual({ ok: true });
  });

  it('retries when APNs cannot be reached', async () => {
    const sender = createApnsSender({ ...settings, host: 'http://127.0.0.1:1' });
    expect(await sender.send(device, message, { idempotencyKey: 'k' })).toEqual({ ok: false, gone: false, retry: true, reason: 'apns_unreachable' });
    sender.close();
  });
});
