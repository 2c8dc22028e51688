import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach } from 'vitest';
import WebSocket from 'ws';
import { queueSocketMessages } from '../../test/socket-messages';

/** A real WebSocket client of GET /api/{org}/live, with its messages queued for the test to take. */
export interface LiveTestClient {
  socket: WebSocket;
  /** Every message received so far, parsed. */
  received: unknown[];
  /** The next message not taken yet; fails after `ms`. */
  next(ms?: number): Promise<unknown>;
  /** Resolves with the close code and reason. */
  closed: Promise<{ code: number; reason: string }>;
  send(message: unknown): void;
}

/** `http://127.0.0.1:<port>` of an app listening on a free loopback port. */
export async function listenOnLoopback(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ host: '127.0.0.1', port: 0 });
  return `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** Opens the live socket of `org` (no auth sent yet, unless `accessToken` goes in its address; `path` replaces `live`). */
export function openLive(base: string, org: string, options: { accessToken?: string; path?: string } = {}): Promise<LiveTestClient> {
  const query = options.accessToken === undefined ? '' : `?access_token=${encodeURIComponent(options.accessToken)}`;
  const socket = new WebSocket(`${base}/api/${org}/${options.path ?? 'live'}${query}`);
  const { received, next } = queueSocketMessages(socket, 3000);
  const closed = new Promise<{ code: number; reason: string }>((resolve) => socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  const client: LiveTestClient = {
    socket,
    received,
    closed,
    send: (message) => socket.send(typeof message === 'string' || Buffer.isBuffer(message) ? message : JSON.stringify(message)),
    next,
  };
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(client));
    // A failure after the socket opened shows as its close; before, it fails the open.
    socket.on('error', reject);
    socket.once('unexpected-response', (request, response) => {
      reject(new Error(`upgrade refused with ${response.statusCode}`));
      request.destroy();
    });
  });
}

/** Opens the live socket and authenticates with `token`; resolves once the server said `ready`. */
export async function connectLive(base: string, org: string, token: string): Promise<LiveTestClient> {
  const client = await openLive(base, org);
  client.send({ type: 'auth', token });
  const ready = await client.next();
  if ((ready as { type?: string }).type !== 'ready') throw new Error(`expected ready, got ${JSON.stringify(ready)}`);
  return client;
}

/**
 * The live clients of a test file's tests, each terminated after its test so none is left behind.
 * `where` is read as a client opens: the app's address and the default school are known once the
 * file's beforeAll ran.
 */
export function useLiveClients(where: () => { base: string; org: string }) {
  const clients: LiveTestClient[] = [];
  afterEach(() => {
    for (const client of clients.splice(0)) client.socket.terminate();
  });
  const kept = (client: LiveTestClient) => {
    clients.push(client);
    return client;
  };
  return {
    /** Opens and authenticates with `token` (connectLive), in the default school unless `org` is given. */
    connect: async (token: string, org = where().org) => kept(await connectLive(where().base, org, token)),
    /** Opens without authenticating (openLive). */
    open: async (options: Parameters<typeof openLive>[2] = {}, org = where().org) => kept(await openLive(where().base, org, options)),
    /** Subscribes and waits for the answer. */
    subscribe: async (client: LiveTestClient, topic: string) => {
      client.send({ subscribe: topic });
      return client.next();
    },
  };
}

/** Fails when `promise` takes longer than `ms`. */
export function within<T>(promise: Promise<T>, ms = 5000): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`nothing happened within ${ms} ms`)), ms))]);
}
