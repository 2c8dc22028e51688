import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from '../test/harness';

/** A client socket and everything the server sent on it until it closed. */
interface Client {
  socket: Socket;
  reply: () => string;
  closed: Promise<string>;
  isClosed: () => boolean;
}

function open(port: number): Promise<Client> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let reply = '';
    let isClosed = false;
    const closed = new Promise<string>((done) => {
      socket.on('close', () => {
        isClosed = true;
        done(reply);
      });
    });
    socket.on('data', (chunk) => (reply += chunk.toString('utf8')));
    socket.on('error', () => {});
    socket.once('connect', () => resolve({ socket, reply: () => reply, closed, isClosed: () => isClosed }));
    socket.once('error', reject);
  });
}

/** Writes `text` one byte every `everyMs` until the socket closes. */
function trickle(client: Client, text: string, everyMs: number): void {
  let at = 0;
  const timer = setInterval(() => {
    if (client.isClosed() || at >= text.length) return clearInterval(timer);
    client.socket.write(text[at++]);
  }, everyMs);
}

const statusOf = (reply: string) => Number(reply.split(' ')[1]);
const bodyOf = (reply: string) => JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4)) as unknown;

/** A whole request over a fresh connection: status and body. */
async function fetchOver(port: number, path: string): Promise<{ status: number; body: unknown }> {
  const client = await open(port);
  client.socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
  const reply = await client.closed;
  return { status: statusOf(reply), body: bodyOf(reply) };
}

async function eventually(check: () => boolean, what: string, deadlineMs = 15_000): Promise<void> {
  const until = Date.now() + deadlineMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`Still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const CAP = 215;

describeOnDatabases(
  'slow requests',
  (t) => {
    let port = 0;
    // The harness closes the app, and with it this listening server.
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      port = (t.app.server.address() as AddressInfo).port;
    });

    it('item 4: 200 slow connections leave others served; a slow body is cut after the request timeout, an upload gets the long one; one address is capped', async () => {
      const school = await t.makeSchool();
      const person = await t.makePerson(school, { role: 'teacher' });
      const token = await t.signIn(person);
      const api = `/api/${school.code}`;

      // 200 slow clients from one address: idle sockets, headers a byte at a time, JSON bodies a byte at a time.
      const idle = await Promise.all(Array.from({ length: 70 }, () => open(port)));
      const slowHeaders = await Promise.all(Array.from({ length: 70 }, () => open(port)));
      for (const client of slowHeaders) trickle(client, `GET ${api}/vue/settings HTTP/1.1\r\nHost: x\r\nX-Slow: ${'a'.repeat(500)}\r\n\r\n`, 100);
      const body = JSON.stringify(['vue/settings', 'people/x'.padEnd(400, 'x')]);
      const slowBodies = await Promise.all(Array.from({ length: 59 }, () => open(port)));
      for (const client of slowBodies) {
        client.socket.write(`POST ${api}/allowed HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`);
        trickle(client, body, 100);
      }
      const upload = await open(port);
      const boundary = 'slowboundary';
      upload.socket.write(
        `POST ${api}/people/${person.id}/uploads HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n` +
          `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 100000\r\n\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.txt"\r\nContent-Type: text/plain\r\n\r\n`,
      );
      trickle(upload, 'x'.repeat(100_000), 100);
      const slow = [...idle, ...slowHeaders, ...slowBodies, upload];
      expect(slow).toHaveLength(200);

      // Meanwhile everyone else is served, over real connections as over injected ones.
      const served = await Promise.all([fetchOver(port, `${api}/vue/settings`), fetchOver(port, `/api/directory/${school.code}`), fetchOver(port, `${api}/vue/settings`)]);
      for (const res of served) expect(res.status).toBe(200);
      expect((await t.request({ method: 'GET', url: `${api}/vue/settings`, token })).statusCode).toBe(200);

      // Over the cap, one address is refused at once with a 503 it can read.
      const extra = await Promise.all(Array.from({ length: 25 }, () => open(port)));
      await eventually(() => extra.filter((c) => c.isClosed()).length >= 25 - (CAP - 200), 'refusals over the cap');
      const refused = extra.filter((c) => c.isClosed());
      for (const client of refused) {
        expect(statusOf(client.reply())).toBe(503);
        expect(bodyOf(client.reply())).toEqual({ error: 'too_many_connections', message: expect.any(String) });
      }
      for (const client of extra) client.socket.destroy();

      // Slow JSON bodies are cut with 408 after the (short, in this suite) request timeout…
      await eventually(() => slowBodies.every((c) => c.isClosed()), 'slow bodies to be cut');
      for (const client of slowBodies) {
        expect(statusOf(client.reply())).toBe(408);
        expect(bodyOf(client.reply())).toEqual({ error: 'request_timeout', message: expect.any(String) });
      }
      // …while the upload, started with them, still has its connection and is still being read.
      expect(upload.isClosed()).toBe(false);
      expect(upload.reply()).toBe('');
      // Slow headers and idle sockets are let go too.
      await eventually(() => [...idle, ...slowHeaders].every((c) => c.isClosed()), 'slow headers and idle sockets to be closed');
      for (const client of slowHeaders) expect([0, 408]).toContain(Number.isNaN(statusOf(client.reply())) ? 0 : statusOf(client.reply()));
      upload.socket.destroy();

      // With the slow ones gone, the address may connect again.
      expect((await fetchOver(port, `${api}/vue/settings`)).status).toBe(200);
    });
  },
  { requestTimeoutMs: 2000, uploadTimeoutMs: 60_000, maxConnectionsPerIp: CAP },
);
