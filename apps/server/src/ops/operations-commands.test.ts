import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBuiltProcesses } from '../test/built-processes';
import { createFreshDatabase, testDatabases, type FreshDatabase, type TestDatabaseKind } from '../test/databases';
import { acceptsConnections, freePort } from '../test/loopback-ports';
import { deployFile } from './proxy.fixtures';

// Issue 31 §1: the commands of docs/operations.md, run as written there on a configuration made from
// deploy/patio.env.example (production mode): each through deploy/patio-run, as the patio user runs
// them, on the build the systemd units start. A fresh database is checked and migrated, the first
// school created, the server and a worker started, three nightly backups kept down to two, then the
// restore drill: the newest backup into an empty DATA_DIR and database, and the school signs in again.
// What the doc runs as root on the host (apt-get, adduser, systemctl) is not run here; the doc says so.

const PATIO_RUN = deployFile('patio-run');
const BACKUP_SCRIPT = deployFile('patio-backup.sh');
const ADMIN_PASSWORD = 'Rector-de-prueba-2026!';

/** deploy/patio.env.example with `values` in place of its lines (null: the line left out); every name must be in the example. */
function envFileFrom(example: string, values: Record<string, string | null>): string {
  const lines = example.split('\n');
  for (const [name, value] of Object.entries(values)) {
    const at = lines.findIndex((line) => line.startsWith(`${name}=`) || line.startsWith(`#${name}=`));
    expect(at, `${name} in deploy/patio.env.example`).toBeGreaterThanOrEqual(0);
    lines[at] = value === null ? `#${name}=` : `${name}=${value}`;
  }
  return lines.join('\n');
}

/**
 * PostgreSQL through its Unix socket, as the doc's DATABASE_URL (postgresql:///patio?host=/var/run/postgresql&user=patio)
 * reaches it; over TCP when the server has no socket directory.
 */
async function socketUrlOf(databaseUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ unix_socket_directories: string }>('SHOW unix_socket_directories');
    const dir = rows[0].unix_socket_directories.split(',')[0].trim();
    if (!dir) return databaseUrl;
    const url = new URL(databaseUrl);
    return `postgresql://${url.pathname}?host=${dir}&port=${url.port || 5432}&user=${url.username}`;
  } finally {
    await client.end();
  }
}

/**
 * One request on a connection of its own, closed with the answer. fetch would keep it open for the
 * next request, and this test's SIGTERMs are about the commands, not about idle client connections
 * (shutdown.test.ts).
 */
function call(port: number, path: string, options: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {}): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method: options.method ?? 'GET', agent: false, headers: { connection: 'close', ...options.headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

for (const kind of testDatabases) {
  describeOperations(kind);
}

function describeOperations(kind: TestDatabaseKind): void {
  describe.skipIf(kind.skip)(`the commands of docs/operations.md on ${kind.label}`, () => {
    const processes = useBuiltProcesses();
    const started: ChildProcess[] = [];
    const fresh: FreshDatabase[] = [];
    let home = '';

    beforeAll(async () => {
      home = mkdtempSync(join(tmpdir(), 'patio-operations-'));
    });
    afterAll(async () => {
      for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      for (const database of fresh) await database.drop();
      if (home) rmSync(home, { recursive: true, force: true });
    });

    /** A configuration of its own: an empty database and DATA_DIR, Patio on a free port. */
    async function server(name: string) {
      const database = await createFreshDatabase(kind);
      fresh.push(database);
      const port = await freePort();
      const envFile = join(home, `${name}.env`);
      writeFileSync(
        envFile,
        envFileFrom(readFileSync(deployFile('patio.env.example'), 'utf8'), {
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          PORT: String(port),
          DATA_DIR: database.dataDir,
          DATABASE_URL: database.databaseUrl ? await socketUrlOf(database.databaseUrl) : null,
          // Neither runs here: mail goes to DATA_DIR/mail, live events stay in the process.
          REDIS_URL: null,
          SMTP_URL: null,
        }),
      );
      const env = { PATH: process.env.PATH ?? '', PATIO_ENV_FILE: envFile };
      const node = (script: string, ...args: string[]) => [process.execPath, join(processes.dir(), script), ...args];
      return {
        port,
        dataDir: database.dataDir,
        /** `sudo -u patio /opt/patio/deploy/patio-run …` */
        run(command: string[], extraEnv: Record<string, string> = {}) {
          const result = spawnSync(PATIO_RUN, command, { encoding: 'utf8', env: { ...env, ...extraEnv } });
          return { code: result.status, output: `${result.stdout}${result.stderr}` };
        },
        node,
        /** What systemd starts: `node apps/server/dist/<script>` with the EnvironmentFile. */
        start(script: 'main.js' | 'worker.js', extraEnv: Record<string, string> = {}) {
          const child = spawn(PATIO_RUN, node(script), { env: { ...env, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
          started.push(child);
          let output = '';
          child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
          child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
          const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
          return { child, exited, output: () => output };
        },
      };
    }

    async function until(check: () => Promise<boolean> | boolean, what: string, output: () => string, ms = 60_000) {
      const deadline = Date.now() + ms;
      while (!(await check())) {
        if (Date.now() > deadline) throw new Error(`${what} within ${ms / 1000} s:\n${output().slice(-3000)}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }

    const signIn = (port: number) =>
      call(port, '/api/sur/oauth/token', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`rector:${ADMIN_PASSWORD}`).toString('base64')}` },
        body: JSON.stringify({ grant_type: 'client_credentials' }),
      });

    it('item 1: first school, start, worker, health, nightly backups keeping N, and the restore drill', async () => {
      const first = await server('first');
      // Before anything ran, every migration is pending (exit code 2).
      const pending = first.run(first.node('migrate.js', '--check'));
      expect(pending.code, pending.output).toBe(2);

      const created = first.run(first.node('school-create.js', '--code', 'sur', '--title', 'Colegio del Sur', '--admin-username', 'rector'), { PATIO_ADMIN_PASSWORD: ADMIN_PASSWORD });
      expect(created.code, created.output).toBe(0);
      const checked = first.run(first.node('migrate.js', '--check'));
      expect(checked.code, checked.output).toBe(0);

      const serving = first.start('main.js');
      await until(() => acceptsConnections(first.port), 'the server did not listen', serving.output);
      const ready = await call(first.port, '/api/ready');
      expect(ready.status, ready.body.toString()).toBe(200);
      expect((await call(first.port, '/api/health')).status).toBe(200);
      // No METRICS_TOKEN in the example: Prometheus on this machine scrapes over loopback.
      expect((await call(first.port, '/metrics')).status).toBe(200);

      // patio-worker.service: a worker on the same configuration starts, works, and stops on SIGTERM.
      const worker = first.start('worker.js', { JOBS_IN_PROCESS: 'false' });
      await until(() => worker.output().includes('job worker started'), 'the worker did not start', worker.output);
      worker.child.kill('SIGTERM');
      expect(await worker.exited, worker.output().slice(-2000)).toBe(0);

      const answer = await signIn(first.port);
      expect(answer.status, answer.body.toString()).toBe(200);
      const token = (JSON.parse(answer.body.toString()) as { access_token: string }).access_token;
      const rectorId = Number((JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { sub: string }).sub);
      const bytes = randomBytes(300 * 1024);
      const form = new FormData();
      form.append('file', new Blob([bytes]), 'acta.pdf');
      const multipart = new Request('http://127.0.0.1/', { method: 'POST', body: form });
      const uploaded = await call(first.port, `/api/sur/people/${rectorId}/uploads`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': multipart.headers.get('content-type')! },
        body: Buffer.from(await multipart.arrayBuffer()),
      });
      expect(uploaded.status, uploaded.body.toString()).toBe(201);
      const [file] = JSON.parse(uploaded.body.toString()) as { id: number }[];

      // Three nights of patio-backup.service keeping two, while the server serves.
      const backups = join(home, 'backups');
      const nightly = { PATIO_BACKUP_ROOT: backups, PATIO_BACKUP_KEEP: '2', PATIO_DIST: processes.dir() };
      const seen: string[][] = [];
      for (let night = 0; night < 3; night++) {
        const backedUp = first.run([BACKUP_SCRIPT], nightly);
        expect(backedUp.code, backedUp.output).toBe(0);
        seen.push(readdirSync(backups).sort());
      }
      expect(seen.map((names) => names.length)).toEqual([1, 2, 2]);
      expect(seen[2]).toEqual([seen[1][1], seen[2][1]]);
      expect(seen[2][1] > seen[1][1]).toBe(true);
      for (const name of seen[2]) expect(existsSync(join(backups, name, 'manifest.json')), name).toBe(true);
      // A backup that fails removes nothing, and a bad number of copies is refused before anything is done.
      const broken = first.run([BACKUP_SCRIPT], { ...nightly, PATIO_BACKUP_KEEP: '1', PATIO_DIST: join(home, 'no-build') });
      expect(broken.code).not.toBe(0);
      const refused = first.run([BACKUP_SCRIPT], { ...nightly, PATIO_BACKUP_KEEP: 'all' });
      expect([refused.code, refused.output]).toEqual([1, expect.stringContaining('PATIO_BACKUP_KEEP')]);
      expect(readdirSync(backups).filter((name) => existsSync(join(backups, name, 'manifest.json'))).sort()).toEqual(seen[2]);

      serving.child.kill('SIGTERM');
      expect(await serving.exited, serving.output().slice(-2000)).toBe(0);

      // The restore drill: the newest backup into an empty DATA_DIR and database, the server on it.
      const second = await server('restored');
      const restored = second.run(second.node('restore.js', '--from', join(backups, seen[2][1])));
      expect(restored.code, restored.output).toBe(0);
      const upToDate = second.run(second.node('migrate.js', '--check'));
      expect(upToDate.code, upToDate.output).toBe(0);
      const again = second.start('main.js');
      await until(() => acceptsConnections(second.port), 'the restored server did not listen', again.output);
      expect((await call(second.port, '/api/ready')).status).toBe(200);
      const signedIn = await signIn(second.port);
      expect(signedIn.status, signedIn.body.toString()).toBe(200);
      const restoredToken = (JSON.parse(signedIn.body.toString()) as { access_token: string }).access_token;
      const download = await call(second.port, `/api/sur/people/${rectorId}/uploads/${file.id}`, { headers: { authorization: `Bearer ${restoredToken}` } });
      expect(download.status).toBe(200);
      expect(download.body.equals(bytes)).toBe(true);
      again.child.kill('SIGTERM');
      expect(await again.exited, again.output().slice(-2000)).toBe(0);
    }, 240_000);
  });
}
