// A push service for the journey, on 127.0.0.1: the e2e server (PUSH_ALLOW_INSECURE_ENDPOINTS=1) posts
// the parent's notification here exactly as it would to a browser vendor's service, and the journey
// decrypts it with the subscription's private key, so what /sw.js then receives is the server's own
// push. Headless Chromium has no push service of its own to subscribe with.
import { createECDH, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';

export interface ReceivedPush {
  authorization: string;
  topic: string | undefined;
  /** The decrypted body, parsed. */
  message: unknown;
}

export interface PushReceiver {
  /** The PushSubscription JSON a browser would hand the app: `POST people/{id}/devices` takes it as `token`. */
  token: string;
  received: ReceivedPush[];
  close(): Promise<void>;
}

export async function startPushReceiver(): Promise<PushReceiver> {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  const received: ReceivedPush[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        const body = ece.decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: ecdh, authSecret });
        received.push({ authorization: String(request.headers.authorization ?? ''), topic: request.headers.topic as string | undefined, message: JSON.parse(body.toString('utf8')) });
        response.writeHead(201).end();
      } catch {
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const token = JSON.stringify({
    endpoint: `http://127.0.0.1:${port}/push/parent`,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
  });
  return { token, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
