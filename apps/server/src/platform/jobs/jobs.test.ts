import { describe, expect, it, vi } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultJobsConfig, loadConfig, type JobsConfig } from '../../config';
import { describeOnDatabases, type TestApp } from '../../test/harness';
import { backoffDelay } from './backoff';
import { defineJob, JobQueue } from './jobs';
import { claimJobs, markDone } from './jobs.queries';

const quiet = { info() {}, warn() {}, error() {} };

/** A promise and its resolver, to hold a handler until the test lets it go. */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** Test kinds: one that records its runs, one that always fails, one that waits for the test. */
function testQueue(t: TestApp, runs: number[], options: Partial<JobsConfig> = {}, gate?: { started: () => void; release: Promise<void> }) {
  const { db, dialect, events } = t.app.patio;
  const queue = new JobQueue({ db, dialect, config: t.config, events, log: quiet }, { backoffBaseMs: 1000, maxAttempts: 3, ...options });
  queue.register(defineJob<{ n: number }>({ kind: 'test.record', handle: async (_payload, ctx) => void runs.push(ctx.job.id) }));
  queue.register(
    defineJob({
      kind: 'test.fail',
      handle: async () => {
        throw new Error('the mail server said no');
      },
    }),
  );
  queue.register(
    defineJob({
      kind: 'test.slow',
      handle: async (_payload, ctx) => {
        gate?.started();
        await gate?.release;
        runs.push(ctx.job.id);
      },
    }),
  );
  return queue;
}

async function jobRow(t: TestApp, id: number) {
  return t.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** Makes a queued job due now, as if its backoff had passed. */
async function makeDue(t: TestApp, id: number) {
  await t.db.updateTable('jobs').set({ run_at: new Date().toISOString() }).where('id', '=', id).execute();
}

describeOnDatabases(
  'durable jobs',
  (t) => {
    it('a job enqueued in a transaction that rolls back does not exist; a committed one exists once', async () => {
      const runs: number[] = [];
      const queue = testQueue(t, runs);
      await expect(
        t.db.transaction().execute(async (trx) => {
          await queue.enqueue(trx, 'test.record', { n: 1 }, { key: 'rollback-1' });
          throw new Error('the write failed');
        }),
      ).rejects.toThrow('the write failed');
      expect(await t.db.selectFrom('jobs').select('id').where('key', '=', 'rollback-1').execute()).toEqual([]);

      const id = await t.db.transaction().execute((trx) => queue.enqueue(trx, 'test.record', { n: 2 }, { key: 'commit-1' }));
      const rows = await t.db.selectFrom('jobs').selectAll().where('key', '=', 'commit-1').execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ id, kind: 'test.record', state: 'queued', attempts: 0, max_attempts: 3, payload: '{"n":2}' });
    });

    it('enqueues a key once, however many times and however concurrently it is enqueued', async () => {
      const queue = testQueue(t, []);
      const first = await queue.enqueue(t.db, 'test.record', { n: 1 }, { key: 'once-1' });
      expect(first).toEqual(expect.any(Number));
      expect(await queue.enqueue(t.db, 'test.record', { n: 1 }, { key: 'once-1' })).toBeNull();
      const racing = await Promise.all(
        Array.from({ length: 10 }, () => t.db.transaction().execute((trx) => queue.enqueue(trx, 'test.record', { n: 3 }, { key: 'once-2' }))),
      );
      expect(racing.filter((id) => id !== null)).toHaveLength(1);
      expect(await t.db.selectFrom('jobs').select('id').where('key', 'in', ['once-1', 'once-2']).execute()).toHaveLength(2);
      await expect(queue.enqueue(t.db, 'test.unknown', {})).rejects.toThrow(/No job handler/);
    });

    it('runs a due job once, then marks it done and wipes its payload; a later job waits for its time', async () => {
      const runs: number[] = [];
      const queue = testQueue(t, runs);
      const due = (await queue.enqueue(t.db, 'test.record', { n: 1, link: 'https://x/verify?token=secret' }))!;
      const later = (await queue.enqueue(t.db, 'test.record', { n: 2 }, { runAt: new Date(Date.now() + 3600_000) }))!;
      await queue.drain();
      expect(runs.filter((id) => id === due)).toEqual([due]);
      expect(runs).not.toContain(later);
      expect(await jobRow(t, due)).toMatchObject({ state: 'done', payload: '{}', attempts: 1, locked_by: null, last_error: null });
      expect(await jobRow(t, later)).toMatchObject({ state: 'queued', attempts: 0 });
      await queue.drain();
      expect(runs.filter((id) => id === due)).toHaveLength(1);
    });

    it('retries a failing job after growing delays and leaves it dead with its last error', async () => {
      const queue = testQueue(t, [], { maxAttempts: 4, backoffBaseMs: 1000 });
      const id = (await queue.enqueue(t.db, 'test.fail', {}))!;
      const delays: number[] = [];
      for (let attempt = 1; attempt <= 4; attempt++) {
        await queue.drain();
        const row = await jobRow(t, id);
        expect(row.attempts).toBe(attempt);
        expect(row.last_error).toBe('the mail server said no');
        if (attempt === 4) break;
        expect(row.state).toBe('queued');
        delays.push(Date.parse(row.run_at) - Date.parse(row.updated_at));
        // Not due yet: draining again does nothing until its backoff has passed.
        await queue.drain();
        expect((await jobRow(t, id)).attempts).toBe(attempt);
        await makeDue(t, id);
      }
      expect(delays[0]).toBeGreaterThanOrEqual(800);
      expect(delays[0]).toBeLessThanOrEqual(1200);
      for (let i = 1; i < delays.length; i++) expect(delays[i]).toBeGreaterThan(delays[i - 1]);
      expect(await jobRow(t, id)).toMatchObject({ state: 'dead', attempts: 4, max_attempts: 4, last_error: 'the mail server said no', locked_by: null });
      await queue.drain();
      expect((await jobRow(t, id)).state).toBe('dead');
    });

    it('a job whose worker died is claimed again once its lease lapses, and the dead worker cannot overwrite it', async () => {
      const runs: number[] = [];
      const queue = testQueue(t, runs);
      const id = (await queue.enqueue(t.db, 'test.record', { n: 1 }, { key: 'lease-1' }))!;
      // A worker claims the job and is killed before it finishes: nothing marks it done.
      const now = Date.now();
      const claimed = await claimJobs(t.db, t.app.patio.dialect, {
        lockedBy: 'killed-worker', leaseUntil: new Date(now + 60_000).toISOString(), now: new Date(now).toISOString(), limit: 100,
      });
      expect(claimed.map((job) => job.id)).toContain(id);
      await queue.drain();
      expect(runs).not.toContain(id);
      expect(await jobRow(t, id)).toMatchObject({ state: 'running', locked_by: 'killed-worker', attempts: 1 });

      // The lease lapses: the next worker takes the job.
      await t.db.updateTable('jobs').set({ locked_until: new Date(Date.now() - 1).toISOString() }).where('id', '=', id).execute();
      await queue.drain();
      expect(runs).toEqual([id]);
      expect(await jobRow(t, id)).toMatchObject({ state: 'done', attempts: 2, locked_by: null });
      expect(await markDone(t.db, id, 'killed-worker', new Date().toISOString())).toBe(false);
    });

    it('a job whose workers keep dying stops after its attempts', async () => {
      const runs: number[] = [];
      const queue = testQueue(t, runs, { maxAttempts: 2 });
      const id = (await queue.enqueue(t.db, 'test.record', { n: 1 }))!;
      for (let i = 0; i < 2; i++) {
        const now = Date.now();
        await claimJobs(t.db, t.app.patio.dialect, { lockedBy: `killed-${i}`, leaseUntil: new Date(now - 1).toISOString(), now: new Date(now).toISOString(), limit: 100 });
      }
      await queue.drain();
      expect(runs).not.toContain(id);
      const row = await jobRow(t, id);
      expect(row).toMatchObject({ state: 'dead', attempts: 3 });
      expect(row.last_error).toMatch(/Gave up after 2 attempts/);
    });

    it('stop() lets a quick job finish, and hands an unfinished one back for another worker', async () => {
      const runs: number[] = [];
      const started = deferred();
      const release = deferred();
      const first = testQueue(t, runs, { pollMs: 10 }, { started: started.resolve, release: release.promise });
      const id = (await first.enqueue(t.db, 'test.slow', {}))!;
      first.start();
      await started.promise;
      expect(await jobRow(t, id)).toMatchObject({ state: 'running', locked_by: first.workerId, attempts: 1 });
      await first.stop(50);
      expect(await jobRow(t, id)).toMatchObject({ state: 'queued', attempts: 0, locked_by: null, locked_until: null });

      // The first worker's handler finishes late: its outcome no longer counts, the job stays queued.
      release.resolve();
      await vi.waitFor(() => expect(first.runningJobIds()).toEqual([]));
      expect(runs).toEqual([id]);
      expect((await jobRow(t, id)).state).toBe('queued');
      const second = testQueue(t, runs, {}, { started: () => {}, release: Promise.resolve() });
      await second.drain();
      expect(await jobRow(t, id)).toMatchObject({ state: 'done', attempts: 1 });

      const quick = testQueue(t, runs, { pollMs: 10 });
      const quickId = (await quick.enqueue(t.db, 'test.record', { n: 1 }))!;
      quick.start();
      await quick.drain();
      await quick.stop(1000);
      expect((await jobRow(t, quickId)).state).toBe('done');
    });
  },
  { jobs: { ...defaultJobsConfig, inProcess: false } },
);

describe('backoff', () => {
  it('doubles from the base with at most ±20% spread, so every wait is longer than the one before', () => {
    expect(backoffDelay(1, 1000, () => 0.5)).toBe(1000);
    expect(backoffDelay(2, 1000, () => 0.5)).toBe(2000);
    expect(backoffDelay(3, 1000, () => 0.5)).toBe(4000);
    for (let attempts = 1; attempts < 12; attempts++) {
      expect(backoffDelay(attempts + 1, 1000, () => 0)).toBeGreaterThan(backoffDelay(attempts, 1000, () => 0.9999));
    }
    expect(backoffDelay(40, 1000, () => 1)).toBe(Math.round(6 * 3600_000 * 1.2));
  });
});

describe('jobs configuration', () => {
  it('reads REDIS_URL and JOBS_* from the environment, with the documented defaults', () => {
    const base = mkdtempSync(join(tmpdir(), 'patio-jobs-config-'));
    try {
      const defaults = loadConfig({ INIT_CWD: base });
      expect(defaults.redisUrl).toBeUndefined();
      expect(defaults.jobs).toEqual({ inProcess: true, pollMs: 1000, leaseMs: 60_000, maxAttempts: 8, backoffBaseMs: 5000, concurrency: 4 });
      const custom = loadConfig({
        INIT_CWD: base, REDIS_URL: 'redis://127.0.0.1:6379', JOBS_IN_PROCESS: 'false', JOBS_POLL_MS: '250',
        JOBS_LEASE_MS: '30000', JOBS_MAX_ATTEMPTS: '3', JOBS_BACKOFF_MS: '100', JOBS_CONCURRENCY: '8',
      });
      expect(custom.redisUrl).toBe('redis://127.0.0.1:6379');
      expect(custom.jobs).toEqual({ inProcess: false, pollMs: 250, leaseMs: 30_000, maxAttempts: 3, backoffBaseMs: 100, concurrency: 8 });
      expect(() => loadConfig({ INIT_CWD: base, JOBS_MAX_ATTEMPTS: '0' })).toThrow(/JOBS_MAX_ATTEMPTS must be a positive integer/);
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });
});
