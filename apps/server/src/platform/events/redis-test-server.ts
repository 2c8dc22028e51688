import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { acceptsConnections, freePort } from '../../test/loopback-ports';

// A real Redis for the tests, as PostgreSQL is real: PATIO_TEST_REDIS_URL when set (CI starts one),
// otherwise a redis-server this process starts on 127.0.0.1 on a free port, without persistence.

const REDIS_SERVER = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server';

/** Whether the Redis tests can run here, and if not, why (shown as the skipped suite's name). */
export const redisForTests = process.env.PATIO_TEST_REDIS_URL
  ? { available: true, why: '' }
  : existsSync(REDIS_SERVER)
    ? { available: true, why: '' }
    : { available: false, why: `set PATIO_TEST_REDIS_URL or install redis-server (apt-get install redis-server) at ${REDIS_SERVER}` };

/** CI sets PATIO_REQUIRE_REDIS=1 so that a missing Redis fails instead of skipping. */
export const redisRequired = process.env.PATIO_REQUIRE_REDIS === '1';

export interface TestRedis {
  url: string;
  stop(): Promise<void>;
}

export async function startTestRedis(): Promise<TestRedis> {
  if (process.env.PATIO_TEST_REDIS_URL) return { url: process.env.PATIO_TEST_REDIS_URL, stop: async () => {} };
  const port = await freePort();
  const child = spawn(REDIS_SERVER, ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  // A test run that dies leaves no redis-server behind.
  const killChild = () => child.kill('SIGKILL');
  process.once('exit', killChild);
  child.once('exit', () => process.off('exit', killChild));
  try {
    await waitUntilListening(child, port);
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

async function waitUntilListening(child: ChildProcess, port: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode} before listening on ${port}`);
    if (await acceptsConnections(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`redis-server did not listen on 127.0.0.1:${port} within 10 s`);
}

