import { afterAll, beforeAll, expect, it } from 'vitest';
import { defaultJobsConfig } from '../../config';
import { openDatabase, type DatabaseHandle } from '../../db/database';
import { describeOnDatabases } from '../../test/harness';
import { defineJob, JobQueue } from './jobs';

// Several worker processes share one queue. Each worker here has its own database handle (its own
// PostgreSQL pool, or its own connection to the same SQLite file), as separate processes would.

const WORKERS = 20;
const HANDLES = 4;
const JOBS = 300;
const quiet = { info() {}, warn() {}, error() {} };

describeOnDatabases(
  'parallel job workers',
  (t) => {
    const handles: DatabaseHandle[] = [];
    beforeAll(() => {
      for (let i = 0; i < HANDLES; i++) handles.push(openDatabase({ databaseUrl: t.config.databaseUrl, dataDir: t.config.dataDir }));
    });
    afterAll(async () => {
      await Promise.all(handles.map((handle) => handle.db.destroy()));
    });

    it(`${WORKERS} workers claiming at once never run one job twice`, async () => {
      const runs: { job: number; worker: number }[] = [];
      const queues = Array.from({ length: WORKERS }, (_, worker) => {
        const { db, dialect } = handles[worker % HANDLES];
        const queue = new JobQueue({ db, dialect, config: t.config, events: t.app.patio.events, log: quiet }, { concurrency: 3 });
        return queue.register(
          defineJob({
            kind: 'test.count',
            handle: async (_payload, ctx) => {
              runs.push({ job: ctx.job.id, worker });
              await new Promise((resolve) => setTimeout(resolve, Math.random() * 3));
            },
          }),
        );
      });
      await t.db.transaction().execute(async (trx) => {
        for (let i = 0; i < JOBS; i++) await queues[0].enqueue(trx, 'test.count', { i });
      });

      await Promise.all(queues.map((queue) => queue.drain()));

      const ids = runs.map((run) => run.job);
      expect(ids).toHaveLength(JOBS);
      expect(new Set(ids).size).toBe(JOBS);
      // The work was shared, not done by one worker while the others waited.
      expect(new Set(runs.map((run) => run.worker)).size).toBeGreaterThan(1);
      const states = await t.db.selectFrom('jobs').select(['state', 'attempts']).where('kind', '=', 'test.count').execute();
      expect(states).toHaveLength(JOBS);
      expect(states.every((row) => row.state === 'done' && row.attempts === 1)).toBe(true);
    }, 60_000);
  },
  { jobs: { ...defaultJobsConfig, inProcess: false } },
);
