import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { registerJobHandlers } from './modules/manifests';
import { startSmtpCatcher } from './modules/registration/smtp-catcher';
import { acceptsConnections, freePort } from './test/loopback-ports';
import { useBuiltProcesses } from './test/built-processes';
import { InProcessEventBus } from './platform/events/in-process-bus';
import { JobQueue } from './platform/jobs/jobs';
import { exitGracefullyOnSignals, SHUTDOWN_TIMEOUT_MS } from './shutdown';

// The real processes, as `npm start` and `npm run worker` run them, started on 127.0.0.1 with SQLite
// in a temporary DATA_DIR, and stopped with real signals.

const quiet = { info() {}, warn() {}, error() {} };
const processes = useBuiltProcesses();
const startProcess = processes.start;
const dataDirs: string[] = [];

afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

function freshDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'patio-process-'));
  dataDirs.push(dir);
  return dir;
}

describe('the server process', () => {
  it('on SIGTERM finishes the request in flight, refuses new connections and exits 0 within 10 s', async () => {
    const port = await freePort();
    const server = startProcess('main.js', { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: freshDataDir(), WEB_ROOT: join(processes.dir(), 'no-web-app') });
    await vi.waitFor(async () => expect(await acceptsConnections(port)).toBe(true), { timeout: 60_000, interval: 100 });

    // A sign-in whose body is still arriving when the signal comes: the request is in flight.
    const body = JSON.stringify({ grant_type: 'client_credentials' });
    const slow = request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/demo/oauth/token',
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        authorization: `Basic ${Buffer.from('admin:demo1234').toString('base64')}`,
      },
    });
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      slow.once('error', reject);
      slow.once('response', (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
    });
    slow.write(body.slice(0, 10));
    // Lets the headers reach the server and the request start there (a wait for delivery, not a timing check).
    await new Promise((resolve) => setTimeout(resolve, 300));

    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    await vi.waitFor(async () => expect(await acceptsConnections(port)).toBe(false), { timeout: 5000, interval: 20 });
    slow.end(body.slice(10));

    const { status, text } = await answer;
    expect(status, text).toBe(200);
    expect(JSON.parse(text).access_token).toEqual(expect.any(String));
    const { code, at } = await server.exited;
    expect(code, server.output().slice(-2000)).toBe(0);
    expect(at - signalledAt).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
    expect(server.output()).toContain('shut down cleanly');
  }, 90_000);
});

describe('worker processes', () => {
  it('two workers at once deliver every queued mail once, and each exits 0 on SIGTERM', async () => {
    const dataDir = freshDataDir();
    const { db, dialect } = openDatabase({ dataDir });
    const smtp = await startSmtpCatcher();
    try {
      await migrateToLatest(db);
      const config = { dataDir, port: 0, host: '127.0.0.1', jwtSecret: new Uint8Array(32), accessTokenTtl: 60, logLevel: 'silent', seedDemo: false } as never;
      const queue = registerJobHandlers(new JobQueue({ db, dialect, config, events: new InProcessEventBus(quiet), log: quiet }));
      for (let i = 1; i <= 20; i++) {
        await queue.enqueue(db, 'registration.mail', {
          to: `family${i}@example.com`, kind: 'approved', language: 'es', personId: i,
          values: { name: `Familia ${i}`, school: 'Colegio', link: 'http://patio.example/code?school=demo', children: 'Ana' },
        });
      }
      const env = { DATA_DIR: dataDir, SMTP_URL: smtp.url, JOBS_POLL_MS: '50' };
      const workers = [startProcess('worker.js', env), startProcess('worker.js', env)];
      await vi.waitFor(() => expect(smtp.mails.length).toBe(20), { timeout: 30_000, interval: 50 });
      // Under load one worker can deliver all twenty before the other has finished starting (a signal
      // before its handler is installed ends it the default way): signal them once both run.
      await vi.waitFor(() => expect(workers.every((worker) => worker.output().includes('job worker started'))).toBe(true), { timeout: 30_000, interval: 50 });

      const signalledAt = Date.now();
      for (const worker of workers) worker.child.kill('SIGTERM');
      for (const worker of workers) {
        const { code, at } = await worker.exited;
        expect(code, worker.output().slice(-2000)).toBe(0);
        expect(at - signalledAt).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
      }
      const recipients = smtp.mails.flatMap((mail) => mail.to);
      expect(new Set(recipients).size).toBe(20);
      expect(recipients).toHaveLength(20);
      const states = await db.selectFrom('jobs').select('state').execute();
      expect(states.every((row) => row.state === 'done')).toBe(true);
    } finally {
      await smtp.close();
      await db.destroy();
    }
  }, 90_000);

  it('refuses to work a database the server has not migrated, and says so', async () => {
    const worker = startProcess('worker.js', { DATA_DIR: freshDataDir(), WORKER_SCHEMA_WAIT_MS: '300' });
    const { code } = await worker.exited;
    expect(code).toBe(1);
    expect(worker.output()).toContain('The database schema is older than this worker');
  }, 30_000);
});

describe('exitGracefullyOnSignals', () => {
  function fakeProcess() {
    const listeners = new Map<string, (signal: NodeJS.Signals) => void>();
    const exits: number[] = [];
    return {
      emitter: { on: (signal: NodeJS.Signals, listener: (signal: NodeJS.Signals) => void) => listeners.set(signal, listener) },
      send: (signal: NodeJS.Signals) => listeners.get(signal)!(signal),
      exits,
      exit: (code: number) => void exits.push(code),
    };
  }

  it('exits 0 once closing is done, and ignores a second signal meanwhile', async () => {
    const fake = fakeProcess();
    let closes = 0;
    let finish!: () => void;
    exitGracefullyOnSignals(() => new Promise<void>((resolve) => ((closes += 1), (finish = resolve))), { log: quiet, exit: fake.exit, emitter: fake.emitter });
    fake.send('SIGTERM');
    fake.send('SIGINT');
    expect(closes).toBe(1);
    expect(fake.exits).toEqual([]);
    finish();
    await vi.waitFor(() => expect(fake.exits).toEqual([0]));
  });

  it('exits 1 when closing fails or hangs past the deadline', async () => {
    const failing = fakeProcess();
    exitGracefullyOnSignals(async () => Promise.reject(new Error('database gone')), { log: quiet, exit: failing.exit, emitter: failing.emitter });
    failing.send('SIGTERM');
    await vi.waitFor(() => expect(failing.exits).toEqual([1]));

    const hanging = fakeProcess();
    exitGracefullyOnSignals(() => new Promise<void>(() => {}), { log: quiet, exit: hanging.exit, emitter: hanging.emitter, timeoutMs: 50 });
    hanging.send('SIGINT');
    await vi.waitFor(() => expect(hanging.exits).toEqual([1]));
  });
});
