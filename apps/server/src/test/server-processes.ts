import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { buildApp } from '../app';
import { type AppConfig, defaultJobsConfig } from '../config';
import { startTestRedis, type TestRedis } from '../platform/events/redis-test-server';
import { createFreshDatabase, type FreshDatabase, type TestDatabaseKind } from './databases';
import { testConfig } from './harness';

// Server processes are app instances here, each with its own Redis connections, hub and caches, as
// processes behind a load balancer would be. No job runs in them: the tests drive what they need.

const noJobs = { jobs: { ...defaultJobsConfig, inProcess: false } } satisfies Partial<AppConfig>;

export interface ServerProcesses {
  /**
   * `count` processes of one deployment: one database, one signing secret, and one Redis unless
   * `shared` is false (then each process keeps its counters and events to itself). Closed after each test.
   */
  start(count: number, overrides?: Partial<AppConfig>, options?: { shared?: boolean }): Promise<FastifyInstance[]>;
}

/** Registers the hooks that start a test Redis and a fresh database of `kind` for the suite. */
export function useServerProcesses(kind: TestDatabaseKind): ServerProcesses {
  let redis: TestRedis | undefined;
  let fresh: FreshDatabase | undefined;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    redis = await startTestRedis();
    fresh = await createFreshDatabase(kind);
  });
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });
  afterAll(async () => {
    await redis?.stop();
    await fresh?.drop();
  });
  return {
    async start(count, overrides = {}, { shared = true } = {}) {
      if (!redis || !fresh) throw new Error('useServerProcesses: start() runs inside a test');
      const config = testConfig(fresh, { ...noJobs, ...overrides, ...(shared ? { redisUrl: redis.url } : {}) });
      const built: FastifyInstance[] = [];
      // One after the other: SQLite takes one migrating writer at a time.
      for (let i = 0; i < count; i++) built.push(await buildApp(config));
      apps.push(...built);
      return built;
    },
  };
}
