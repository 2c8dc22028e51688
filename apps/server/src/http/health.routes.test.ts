import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import { type AppConfig, defaultJobsConfig } from '../config';
import { redisForTests, startTestRedis } from '../platform/events/redis-test-server';
import { createMigratedDatabase } from '../test/databases';
import { describeOnDatabases, type TestApp, testConfig } from '../test/harness';
import { freePort } from '../test/loopback-ports';

// issue 31 item 3: GET /api/health (alive, cheap) and GET /api/ready (database, migrations, storage,
// job queue lag, Redis when configured), public, 503 with the same detail when a check fails.

const ready = (app: FastifyInstance) => app.inject({ method: 'GET', url: '/api/ready' });
/** Answers are reused for a second: poll until the verdict changes. */
const readyBecomes = async (app: FastifyInstance, status: number) => {
  let last = await ready(app);
  await vi.waitFor(
    async () => {
      last = await ready(app);
      expect(last.statusCode, last.body).toBe(status);
    },
    { timeout: 8000, interval: 100 },
  );
  return last;
};

/** An app of its own on a fresh migrated database of the suite's kind (for states the suite's app must not get into). */
async function withApp(t: TestApp, overrides: Partial<AppConfig>, use: (app: FastifyInstance) => Promise<void>): Promise<void> {
  const fresh = await createMigratedDatabase(t.kind);
  const app = await buildApp(testConfig(fresh, overrides));
  try {
    await use(app);
  } finally {
    await app.close();
    await fresh.drop();
  }
}

describeOnDatabases('health and readiness', (t) => {
  it('item 3: /api/health and /api/ready answer 200 without a token, with every check, and 20 at once cost one round', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok', uptimeSeconds: expect.any(Number) });
    expect(health.headers['cache-control']).toBe('no-store');

    const answers = await Promise.all(Array.from({ length: 20 }, () => ready(t.app)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const body = answers[0].json();
    expect(body).toEqual({
      status: 'ready',
      checks: {
        database: { ok: true, ms: expect.any(Number) },
        migrations: { ok: true, ms: expect.any(Number), pending: [] },
        storage: { ok: true, ms: expect.any(Number), kind: 'local' },
        jobs: { ok: true, ms: expect.any(Number), oldestDueSeconds: expect.any(Number), maxSeconds: 600 },
      },
    });
    // One round of checks answered them all.
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
  });

  it('item 3: the OpenAPI document describes /api/health, /api/ready and /metrics', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths['/api/health'].get.responses)).toEqual(['200']);
    expect(Object.keys(doc.paths['/api/ready'].get.responses).sort()).toEqual(['200', '503']);
    const ready = doc.paths['/api/ready'].get.responses['503'].content['application/json'].schema;
    expect(Object.keys(ready.properties).sort()).toEqual(['checks', 'error', 'message', 'status']);
    expect(Object.keys(ready.properties.checks.properties).sort()).toEqual(['database', 'jobs', 'migrations', 'redis', 'storage']);
    const metrics = doc.paths['/metrics'].get;
    expect(Object.keys(metrics.responses).sort()).toEqual(['200', '401']);
    expect(metrics.description).toContain('METRICS_TOKEN');
  });

  it('item 3: a migration the database has not run makes the process not ready until it has', async () => {
    const last = await t.db.selectFrom('kysely_migration' as never).selectAll().orderBy('name' as never, 'desc').executeTakeFirstOrThrow() as { name: string; timestamp: string };
    await t.db.deleteFrom('kysely_migration' as never).where('name' as never, '=', last.name as never).execute();
    try {
      const res = await readyBecomes(t.app, 503);
      expect(res.json()).toMatchObject({
        error: 'not_ready',
        message: 'Not ready: migrations',
        status: 'not_ready',
        checks: { database: { ok: true }, migrations: { ok: false, error: 'pending_migrations', pending: [last.name] } },
      });
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await t.db.insertInto('kysely_migration' as never).values(last as never).execute();
    }
    expect((await readyBecomes(t.app, 200)).json().checks.migrations).toEqual({ ok: true, ms: expect.any(Number), pending: [] });
  });

  it('item 3: storage that cannot take a file makes the process not ready', async () => {
    const files = join(t.config.dataDir, 'files');
    mkdirSync(files, { recursive: true });
    renameSync(files, `${files}.away`);
    // A plain file where the folder was: nothing can be written under it.
    writeFileSync(files, 'not a folder');
    try {
      const res = await readyBecomes(t.app, 503);
      expect(res.json().checks.storage).toEqual({ ok: false, ms: expect.any(Number), error: 'not_writable', kind: 'local' });
      expect(res.json().message).toBe('Not ready: storage');
      // Never the error's text (paths, addresses).
      expect(res.body).not.toContain(t.config.dataDir);
      expect(res.body).not.toContain('ENOTDIR');
    } finally {
      rmSync(files);
      renameSync(`${files}.away`, files);
    }
    await readyBecomes(t.app, 200);
  });

  it('item 3: a closed database makes /api/ready 503 while /api/health, which never touches it, stays 200', async () => {
    await withApp(t, {}, async (app) => {
      await app.patio.db.destroy();
      const res = await readyBecomes(app, 503);
      expect(res.json().checks).toMatchObject({ database: { ok: false, error: 'unreachable' }, migrations: { ok: false }, jobs: { ok: false }, storage: { ok: true } });
      expect(res.json().checks.migrations.pending).toBeUndefined();
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    });
  });

  it.skipIf(t.kind.name !== 'PostgreSQL')('item 3: a PostgreSQL that refuses connections is not ready, and ready again once it takes them', async () => {
    const name = new URL(t.config.databaseUrl!).pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.PATIO_TEST_PG_URL });
    await admin.connect();
    try {
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
      const res = await readyBecomes(t.app, 503);
      expect(res.json().checks.database).toMatchObject({ ok: false, error: expect.stringMatching(/^(unreachable|timeout)$/) });
      expect(res.body).not.toContain(name);
    } finally {
      await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      await admin.end();
    }
    await readyBecomes(t.app, 200);
  });

  it('item 3: a job queue nobody works is not ready once its oldest due job waited past READY_MAX_JOB_LAG_SECONDS', async () => {
    await withApp(t, { jobs: { ...defaultJobsConfig, inProcess: false }, readyMaxJobLagSeconds: 60 }, async (app) => {
      const now = Date.now();
      const job = (minutesAgo: number) => ({
        org_id: null,
        kind: 'readiness.test',
        payload: '{}',
        summary: '{}',
        key: null,
        state: 'queued' as const,
        attempts: 0,
        max_attempts: 3,
        run_at: new Date(now - minutesAgo * 60_000).toISOString(),
        created_at: new Date(now).toISOString(),
        updated_at: new Date(now).toISOString(),
      });
      // Under the bound, and one scheduled for later: still ready.
      await app.patio.db.insertInto('jobs').values([job(0.5), job(-30)]).execute();
      expect((await ready(app)).json().checks.jobs).toMatchObject({ ok: true, maxSeconds: 60, oldestDueSeconds: expect.any(Number) });
      await app.patio.db.insertInto('jobs').values(job(2)).execute();
      const res = await readyBecomes(app, 503);
      expect(res.json().checks.jobs).toEqual({ ok: false, ms: expect.any(Number), error: 'queue_lagging', oldestDueSeconds: expect.any(Number), maxSeconds: 60 });
      expect(res.json().checks.jobs.oldestDueSeconds).toBeGreaterThanOrEqual(119);
      await app.patio.jobs.drain();
      // Worked (it failed: no handler), so it waits for a retry, which is not lag.
      await readyBecomes(app, 200);
    });
    // The check can be turned off: the lag is still reported.
    await withApp(t, { jobs: { ...defaultJobsConfig, inProcess: false }, readyMaxJobLagSeconds: 0 }, async (app) => {
      await app.patio.db
        .insertInto('jobs')
        .values({ org_id: null, kind: 'readiness.test', payload: '{}', summary: '{}', key: null, state: 'queued', attempts: 0, max_attempts: 3, run_at: new Date(Date.now() - 3_600_000).toISOString(), created_at: new Date().toISOString(), updated_at: new Date().toISOString() })
        .execute();
      const res = await ready(app);
      expect(res.statusCode).toBe(200);
      expect(res.json().checks.jobs).toMatchObject({ ok: true, maxSeconds: 0 });
      expect(res.json().checks.jobs.oldestDueSeconds).toBeGreaterThanOrEqual(3599);
    });
  });

  it('item 3: with REDIS_URL, Redis is checked; one that does not answer is not ready, and its URL never shows', async () => {
    const closed = await freePort();
    await withApp(t, { redisUrl: `redis://:hunter2-redis-secret@127.0.0.1:${closed}` }, async (app) => {
      const res = await readyBecomes(app, 503);
      expect(res.json().checks.redis).toEqual({ ok: false, ms: expect.any(Number), error: 'timeout' });
      expect(res.json().message).toBe('Not ready: redis');
      expect(res.body).not.toMatch(/hunter2|redis:\/\/|127\.0\.0\.1/);
      // Closing the app unsubscribes the caller cache from the bus first, which waits on a Redis that is
      // not there; a closed bus answers at once.
      await app.patio.events.close();
    });
    if (!redisForTests.available) return;
    const redis = await startTestRedis();
    try {
      await withApp(t, { redisUrl: redis.url }, async (app) => {
        const res = await readyBecomes(app, 200);
        expect(res.json().checks.redis).toEqual({ ok: true, ms: expect.any(Number) });
      });
    } finally {
      await redis.stop();
    }
  });
});
