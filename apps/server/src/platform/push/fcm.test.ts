import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PushMessage } from '@patio/core';
import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../config';
import { collapseIdFor } from './collapse-key';
import { createFcmSender, fcmOutcome } from './fcm';
import { createPushSender } from './push-sender';
import type { FcmSettings } from './push-settings';

const message: PushMessage = { title: 'Circular', body: 'Reunión de padres', payload: '{"kind":"notice"}', post: { id: 41, thread: 12 } };
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return request.headers['content-type']?.startsWith('application/json') ? JSON.parse(text) : Object.fromEntries(new URLSearchParams(text));
}

const errorBodies: Record<string, [number, object]> = {
  'gone-token': [404, { error: { code: 404, status: 'NOT_FOUND', details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNREGISTERED' }] } }],
  'bad-token': [400, { error: { code: 400, status: 'INVALID_ARGUMENT', message: 'The registration token is not a valid FCM registration token', details: [{ '@type': 'type.googleapis.com/google.rpc.BadRequest', fieldViolations: [{ field: 'message.token' }] }] } }],
  'busy-token': [503, { error: { code: 503, status: 'UNAVAILABLE' } }],
  'quota-token': [429, { error: { code: 429, status: 'RESOURCE_EXHAUSTED', details: [{ errorCode: 'QUOTA_EXCEEDED' }] } }],
};

describe('FCM HTTP v1', () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
  let server: Server;
  let settings: FcmSettings;
  const grants: Record<string, string>[] = [];
  const sent: { authorization?: string; body: { message: Record<string, unknown> } }[] = [];
  let issued = 0;

  beforeAll(async () => {
    server = createServer((request, response) => {
      void readJson(request).then((body) => {
        const reply = (status: number, json: object) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
        if (request.url === '/token') {
          grants.push(body as Record<string, string>);
          return reply(200, { access_token: `access-${++issued}`, expires_in: 3600, token_type: 'Bearer' });
        }
        if (request.url !== '/v1/projects/patio-app/messages:send') return reply(404, {});
        const { message: sentMessage } = body as { message: { token: string } };
        sent.push({ authorization: request.headers.authorization, body: body as { message: Record<string, unknown> } });
        if (sentMessage.token === 'stale-access' && request.headers.authorization === 'Bearer access-1') return reply(401, { error: { code: 401, status: 'UNAUTHENTICATED' } });
        const error = errorBodies[sentMessage.token];
        return error ? reply(error[0], error[1]) : reply(200, { name: 'projects/patio-app/messages/1' });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    settings = { projectId: 'patio-app', clientEmail: 'push@patio-app.iam.gserviceaccount.com', privateKey, endpoint: origin, tokenUrl: `${origin}/token` };
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('signs a service-account grant, sends the message, and reuses the access token', async () => {
    const sender = createFcmSender(settings);
    expect(await sender.send('android-token-1', message, { idempotencyKey: 'n-1', urgent: true })).toEqual({ ok: true });
    expect(await sender.send('android-token-2', message, { idempotencyKey: 'n-2', ttlSeconds: 600 })).toEqual({ ok: true });
    expect(grants).toHaveLength(1);
    expect(grants[0].grant_type).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    const { payload, protectedHeader } = await jwtVerify(grants[0].assertion, createPublicKey(publicKey), { issuer: settings.clientEmail, audience: settings.tokenUrl });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload.scope).toBe('https://www.googleapis.com/auth/firebase.messaging');
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(3600);

    expect(sent[0].authorization).toBe('Bearer access-1');
    expect(sent[0].body).toEqual({
      message: {
        token: 'android-token-1',
        notification: { title: 'Circular', body: 'Reunión de padres' },
        data: { payload: '{"kind":"notice"}', postId: '41', threadId: '12', message: JSON.stringify(message) },
        android: { collapse_key: collapseIdFor('n-1'), priority: 'HIGH', ttl: `${4 * 7 * 24 * 3600}s` },
        apns: { headers: { 'apns-collapse-id': collapseIdFor('n-1'), 'apns-priority': '10' } },
      },
    });
    expect(sent[1].body.message).toMatchObject({ android: { priority: 'NORMAL', ttl: '600s' }, apns: { headers: { 'apns-priority': '5' } } });
  });

  it('maps unregistered and invalid tokens to gone, overload to retry', async () => {
    const sender = createFcmSender(settings);
    expect(await sender.send('gone-token', message, { idempotencyKey: 'k' })).toEqual({ ok: false, gone: true, retry: false, reason: 'fcm_unregistered' });
    expect(await sender.send('bad-token', message, { idempotencyKey: 'k' })).toMatchObject({ ok: false, gone: true, retry: false });
    expect(await sender.send('busy-token', message, { idempotencyKey: 'k' })).toMatchObject({ ok: false, gone: false, retry: true });
    expect(await sender.send('quota-token', message, { idempotencyKey: 'k' })).toMatchObject({ ok: false, gone: false, retry: true });
    expect(fcmOutcome(400, { error: { status: 'INVALID_ARGUMENT', message: 'Invalid JSON payload' } })).toMatchObject({ gone: false, retry: false });
  });

  it('fetches a new access token after a 401', async () => {
    issued = 0;
    const sender = createFcmSender(settings);
    expect(await sender.send('stale-access', message, { idempotencyKey: 'k' })).toMatchObject({ ok: false, retry: true, reason: 'fcm_unauthenticated' });
    expect(await sender.send('stale-access', message, { idempotencyKey: 'k' })).toEqual({ ok: true });
    expect(sent.at(-1)?.authorization).toBe('Bearer access-2');
  });

  it('reaches Android, and iOS when IOS_PUSH=fcm, through the push sender', async () => {
    const sender = createPushSender({ fcm: settings, iosPush: 'fcm' } as AppConfig, silent);
    expect(await sender.send({ platform: 'android', token: 'a-1' }, message, { idempotencyKey: 'k' })).toEqual({ ok: true });
    expect(await sender.send({ platform: 'ios', token: 'i-1' }, message, { idempotencyKey: 'k' })).toEqual({ ok: true });
    expect(sent.slice(-2).map((entry) => entry.body.message.token)).toEqual(['a-1', 'i-1']);
  });

  it('retries when the token address cannot be reached', async () => {
    const sender = createFcmSender({ ...settings, tokenUrl: 'http://127.0.0.1:1/token' });
    expect(await sender.send('a-1', message, { idempotencyKey: 'k' })).toEqual({ ok: false, gone: false, retry: true, reason: 'fcm_token_unreachable' });
  });
});
