import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { useBuiltProcesses, type BuiltProcess } from '../test/built-processes';
import { acceptsConnections, freePort } from '../test/loopback-ports';
import { basic, messagesOf, proxyClient, proxyRequired, type ProxyClient, type RunningProxy } from './proxy.fixtures';

// Issue 31 §1, the CI journey: the built Patio, as `npm start` runs it, behind a proxy started on a
// configuration made from deploy/ (only addresses, ports and the certificate change). Everything
// goes through the proxy over https: sign-in, a live event over the WebSocket, a 50 MB upload and its
// download, and the client address the server counts. Two clients speak from 127.0.0.2 and
// 127.0.0.3 while the proxy reaches Patio from 127.0.0.1, so the address the server uses tells the
// proxy, the real client and a forged header apart.

export interface ProxyUnderTest {
  /** "caddy", "nginx". */
  name: string;
  /** The binaries the journey needs (the proxy; openssl for nginx's certificate). */
  binaries: string[];
  /** Starts the proxy on `ports.https` in front of Patio on `ports.upstream`, its files under `home`. */
  start(ports: { https: number; http: number; upstream: number }, home: string): Promise<RunningProxy>;
}

const DEMO_PASSWORD = 'demo1234';
/** An address of this machine that is not loopback, to connect to the proxy on 127.0.0.1 from (a client "from elsewhere"). */
const outsideAddress = Object.values(networkInterfaces())
  .flat()
  .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;
const FIFTY_MB = 50 * 1024 * 1024;

/** The journey behind `proxy`: skipped with the reason when a binary is missing, failed instead when proxyRequired. */
export function describeBehindProxy(proxy: ProxyUnderTest): void {
  const missing = proxy.binaries.filter((path) => !existsSync(path));
  const why = `no ${missing.join(' nor ')} (apt-get install ${missing.map((path) => path.split('/').pop()).join(' ')}; .ci/run installs them)`;

  describe.skipIf(missing.length > 0)(`Patio behind ${proxy.name}${missing.length ? ` (skipped: ${why})` : ''}`, () => {
    const processes = useBuiltProcesses();
    let home = '';
    let server: BuiltProcess;
    let running: RunningProxy | undefined;
    let alice: ProxyClient;
    let bob: ProxyClient;
    let origin = '';
    let port = 0;

    beforeAll(async () => {
      home = mkdtempSync(join(tmpdir(), `patio-behind-${proxy.name}-`));
      const [httpsPort, httpPort, patioPort] = [await freePort(), await freePort(), await freePort()];
      origin = `https://127.0.0.1:${httpsPort}`;
      port = httpsPort;
      server = processes.start(
        'main.js',
        {
          PORT: String(patioPort),
          HOST: '127.0.0.1',
          DATA_DIR: join(home, 'data'),
          WEB_ROOT: join(home, 'no-web-app'),
          PUBLIC_URL: origin,
          // As deploy/patio.env.example: the proxy on this machine, and only it.
          TRUST_PROXY: '127.0.0.1',
          SEED_DEMO: '1',
        },
        'debug',
      );
      await vi.waitFor(async () => expect(await acceptsConnections(patioPort), server.output().slice(-2000)).toBe(true), { timeout: 60_000, interval: 100 });
      running = await proxy.start({ https: httpsPort, http: httpPort, upstream: patioPort }, join(home, proxy.name));
      alice = proxyClient(httpsPort, running.ca, '127.0.0.2');
      bob = proxyClient(httpsPort, running.ca, '127.0.0.3');
    }, 120_000);

    afterAll(async () => {
      await running?.stop();
      if (server && server.child.exitCode === null) {
        server.child.kill('SIGTERM');
        await server.exited;
      }
      if (home) rmSync(home, { recursive: true, force: true });
    });

    async function signIn(client: ProxyClient, username: string, password = DEMO_PASSWORD) {
      return client.request('POST', '/api/demo/oauth/token', {
        headers: { 'content-type': 'application/json', authorization: basic(username, password) },
        body: JSON.stringify({ grant_type: 'client_credentials' }),
      });
    }
    async function tokenOf(client: ProxyClient, username: string) {
      const answer = await signIn(client, username);
      expect(answer.status, answer.body.toString()).toBe(200);
      return (JSON.parse(answer.body.toString()) as { access_token: string }).access_token;
    }
    const personOf = (token: string) => Number((JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { sub: string }).sub);

    it(`item 1: a parent signs in through ${proxy.name} and gets a live event over the WebSocket when a teacher writes to them`, async () => {
      const parentToken = await tokenOf(alice, 'parent');
      const teacherToken = await tokenOf(bob, 'teacher');
      const parentId = personOf(parentToken);

      const socket = alice.websocket('/api/demo/live');
      const live = messagesOf(socket);
      try {
        await live.opened;
        socket.send(JSON.stringify({ type: 'auth', token: parentToken }));
        expect(await live.next()).toEqual({ type: 'ready', personId: parentId });

        const sent = await bob.request('POST', `/api/demo/people/${personOf(teacherToken)}/posts/sent`, {
          headers: { 'content-type': 'application/json', authorization: `Bearer ${teacherToken}` },
          body: JSON.stringify({ type: 'circular', title: 'Detrás del proxy', description: '<p>Llega por el socket.</p>', audience: { people: [parentId] } }),
        });
        expect(sent.status, sent.body.toString()).toBe(201);
        // Delivery is a job of the server's own queue; its end reaches the parent's open socket.
        expect(await live.next(30_000)).toMatchObject({ type: 'threads.changed' });
      } finally {
        socket.terminate();
      }
    }, 60_000);

    it(`item 1: a 50 MB upload through ${proxy.name} comes back byte for byte`, async () => {
      const token = await tokenOf(alice, 'parent');
      const parentId = personOf(token);
      const data = randomBytes(FIFTY_MB);
      const boundary = `patio${randomBytes(8).toString('hex')}`;
      const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="video.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`);
      const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
      const uploaded = await alice.request('POST', `/api/demo/people/${parentId}/uploads`, {
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
        // Sent in 1 MB pieces, as a client streams a file, not as one write.
        body: Readable.from((function* () {
          yield head;
          for (let at = 0; at < data.length; at += 1024 * 1024) yield data.subarray(at, at + 1024 * 1024);
          yield tail;
        })()),
        length: head.length + data.length + tail.length,
      });
      expect(uploaded.status, uploaded.body.toString()).toBe(201);
      const [file] = JSON.parse(uploaded.body.toString()) as { id: number; size: number; url: string }[];
      expect(file.size).toBe(FIFTY_MB);

      const hash = createHash('sha256');
      let length = 0;
      const downloaded = await alice.stream(`/api/demo/people/${parentId}/uploads/${file.id}?download=1`, { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' }, (chunk) => {
        hash.update(chunk);
        length += chunk.length;
      });
      expect(downloaded.status).toBe(200);
      expect(downloaded.headers['content-encoding']).toBeUndefined();
      expect(length).toBe(FIFTY_MB);
      expect(hash.digest('hex')).toBe(createHash('sha256').update(data).digest('hex'));
    }, 120_000);

    it(`item 1: the server counts the real client address behind ${proxy.name}, and a client cannot forge another one`, async () => {
      // alice fails ten times on the teacher's account (the limit per account and address) while
      // claiming to be bob in X-Forwarded-For; the proxy replaces that header with alice's address.
      for (let i = 0; i < 10; i++) {
        const failed = await alice.request('POST', '/api/demo/oauth/token', {
          headers: { 'content-type': 'application/json', authorization: basic('teacher', 'wrong-password'), 'x-forwarded-for': '127.0.0.3' },
          body: JSON.stringify({ grant_type: 'client_credentials' }),
        });
        expect(failed.status, failed.body.toString()).toBe(401);
      }
      // The failures counted against alice's address: even her right password is refused now…
      const locked = await signIn(alice, 'teacher');
      expect([locked.status, JSON.parse(locked.body.toString()).error]).toEqual([429, 'too_many_attempts']);
      // …while bob, another client of the same proxy, still signs in: the server did not count the
      // proxy's own address (127.0.0.1) for everyone, nor the address alice wrote in her header.
      expect((await signIn(bob, 'teacher')).status).toBe(200);
      // The server's request lines (debug) name the same addresses: alice's refused sign-ins, bob's accepted one.
      const tokenLines = server.output().split('\n').filter((line) => line.includes('POST /api/demo/oauth/token'));
      expect(tokenLines.some((line) => / 401 \d+ ms 127\.0\.0\.2"/.test(line))).toBe(true);
      expect(tokenLines.some((line) => / 200 \d+ ms 127\.0\.0\.3"/.test(line))).toBe(true);
      expect(tokenLines.some((line) => / 401 \d+ ms 127\.0\.0\.(1|3)"/.test(line))).toBe(false);
    }, 60_000);

    it(`item 1: answers are compressed once, by Patio, and carry its security headers through ${proxy.name}`, async () => {
      const docs = await alice.request('GET', '/api/docs/json', { headers: { 'accept-encoding': 'br' } });
      expect(docs.status).toBe(200);
      expect(docs.headers['content-encoding']).toBe('br');
      const description = JSON.parse(brotliDecompressSync(docs.body).toString()) as { paths: Record<string, unknown> };
      expect(description.paths).toHaveProperty(['/api/{org}/live']);
      expect(docs.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      // The request id Patio gave the request reaches the client, for a report that leads to its log lines.
      expect(docs.headers['x-request-id']).toMatch(/^[A-Za-z0-9][A-Za-z0-9._:-]*$/);
      // A proxy that logs requests hands Patio its own id, so its log and Patio's name the same request.
      if (running!.accessLog) expect(running!.accessLog()).toContain(` ${String(docs.headers['x-request-id'])}\n`);
      // The directory answers the school's address from PUBLIC_URL, the proxy's https origin.
      const directory = await alice.request('GET', '/api/directory/demo');
      expect(directory.body.toString()).toContain(`${origin}/api/demo`);
    });

    it.skipIf(!outsideAddress)(`item 1: a client from another address is not the server's own machine through ${proxy.name}: /metrics refuses it${outsideAddress ? '' : ' (skipped: this machine has no address but loopback)'}`, async () => {
      // The proxy reaches Patio over loopback, yet the request is the client's: Prometheus's loopback
      // access must not open the metrics to everyone who reaches the proxy.
      const outsider = proxyClient(port, running!.ca, outsideAddress!);
      const metrics = await outsider.request('GET', '/metrics');
      expect(metrics.status, metrics.body.toString()).toBe(401);
      expect((await alice.request('GET', '/metrics')).status).toBe(200);
      expect((await outsider.request('GET', '/api/health')).status).toBe(200);
    });
  });

  describe.runIf(missing.length > 0 && proxyRequired)(`Patio behind ${proxy.name}: required`, () => {
    it(`item 1: PATIO_REQUIRE_E2E (or CI) is set but the journey behind ${proxy.name} cannot run`, () => {
      expect.fail(`The proxy journey cannot run: ${why}`);
    });
  });
}
