import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';
import { importJWK, jwtVerify } from 'jose';

// A Web Push service on 127.0.0.1 for tests, standing in for the browser vendors' push services:
//
//   const push = await startPushEndpoint();
//   const device = push.subscribe('/devices/a');      // a browser-like subscription on that path
//   await pushSender.send({ platform: 'web', token: device.token }, message, options);
//   push.received[0].message                          // the decrypted PushMessage
//   push.respondWith('/devices/a', 410);              // the next pushes there are refused
//   await push.close();
//
// Each POST must carry a valid VAPID Authorization (RFC 8292) whose audience is this origin and an
// aes128gcm body (RFC 8291) for a subscription made here; anything else is answered 400 and listed in
// `failures`. The app under test needs PUSH_ALLOW_INSECURE_ENDPOINTS (config pushAllowInsecureEndpoints),
// because this endpoint is http and on loopback.

/** One push the endpoint accepted. */
export interface ReceivedPush {
  path: string;
  /** Topic header: the collapse key. */
  topic?: string;
  urgency?: string;
  ttl?: number;
  /** The VAPID public key (k=) the push was signed with. */
  vapidPublicKey: string;
  /** The decrypted body, parsed as JSON. */
  message: unknown;
}

/** A browser's PushSubscription and the private halves only the browser would know. */
export interface TestSubscription {
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  /** The subscription as JSON: what the web app registers as the device token. */
  token: string;
  ecdh: ECDH;
  authSecret: Buffer;
}

export interface PushEndpoint {
  /** This endpoint's address for `path` (default '/'). */
  url(path?: string): string;
  /** A new subscription on `path` (default: a fresh random path) that this endpoint can decrypt. */
  subscribe(path?: string): TestSubscription;
  received: ReceivedPush[];
  /** Why requests were refused (bad VAPID, undecryptable body, unknown path). */
  failures: string[];
  /** Answer every later push to `path` with `status` (410, 404, 429, 500…) without reading it; 201 restores. */
  respondWith(path: string, status: number): void;
  /** Requests seen, refused or not. */
  readonly requestCount: number;
  close(): Promise<void>;
}

/** A browser-like subscription: a P-256 ECDH key pair and a 16-byte authentication secret. */
export function makeSubscription(endpoint: string): TestSubscription {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  const subscription = { endpoint, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') } };
  return { subscription, token: JSON.stringify(subscription), ecdh, authSecret };
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Checks `vapid t=<jwt>, k=<key>`: signed by k, for this origin, expiring within 24 hours (RFC 8292 §2). */
async function verifyVapid(header: string | undefined, origin: string): Promise<string> {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${header}`);
  const [, jwt, k] = match;
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is no uncompressed P-256 key');
  const key = await importJWK({ kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') }, 'ES256');
  const { payload } = await jwtVerify(jwt, key, { audience: origin, algorithms: ['ES256'] });
  if (typeof payload.exp !== 'number' || payload.exp > Date.now() / 1000 + 24 * 3600) throw new Error('exp missing or more than 24 hours ahead');
  if (typeof payload.sub !== 'string' || !/^(mailto:|https:)/.test(payload.sub)) throw new Error(`sub is no contact: ${payload.sub}`);
  return k;
}

export async function startPushEndpoint(): Promise<PushEndpoint> {
  const subscriptions = new Map<string, TestSubscription>();
  const statuses = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const failures: string[] = [];
  let requestCount = 0;
  let origin = '';

  const server = createServer((request, response) => {
    // A sender killed mid-request (the crash test) leaves a broken socket: nothing to report.
    request.on('error', () => {});
    response.on('error', () => {});
    requestCount++;
    const path = new URL(request.url ?? '/', origin).pathname;
    const answer = (status: number, failure?: string) => {
      if (failure) failures.push(`${path}: ${failure}`);
      response.writeHead(status).end();
    };
    const forced = statuses.get(path);
    if (forced !== undefined && forced !== 201) {
      request.resume();
      answer(forced);
      return;
    }
    void (async () => {
      const body = await readBody(request);
      const subscription = subscriptions.get(path);
      if (request.method !== 'POST' || !subscription) return answer(400, `no subscription on ${request.method} ${path}`);
      if (request.headers['content-encoding'] !== 'aes128gcm') return answer(400, `content-encoding ${request.headers['content-encoding']}`);
      let vapidPublicKey: string;
      try {
        vapidPublicKey = await verifyVapid(request.headers.authorization, origin);
      } catch (err) {
        return answer(403, `VAPID: ${(err as Error).message}`);
      }
      let message: unknown;
      try {
        message = JSON.parse(ece.decrypt(body, { version: 'aes128gcm', privateKey: subscription.ecdh, authSecret: subscription.authSecret }).toString('utf8'));
      } catch (err) {
        return answer(400, `decryption: ${(err as Error).message}`);
      }
      const ttl = request.headers.ttl === undefined ? undefined : Number(request.headers.ttl);
      received.push({ path, topic: request.headers.topic as string | undefined, urgency: request.headers.urgency as string | undefined, ttl, vapidPublicKey, message });
      answer(201);
    })().catch((err: unknown) => answer(500, String(err)));
  });
  server.on('clientError', (_err, socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: (path = '/') => `${origin}${path}`,
    subscribe(path = `/push/${randomBytes(8).toString('hex')}`) {
      const made = makeSubscription(`${origin}${path}`);
      subscriptions.set(path, made);
      return made;
    },
    received,
    failures,
    respondWith: (path, status) => statuses.set(path, status),
    get requestCount() {
      return requestCount;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
