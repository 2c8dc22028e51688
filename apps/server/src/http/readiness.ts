import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { executedMigrationNames, pingDatabase } from '../db/health.queries';
import { migrations } from '../db/migrations/index';
import type { EventBusProbe } from '../platform/events/bus-probe';
import { oldestDueJob } from '../platform/jobs/queue-stats.queries';
import type { FileStorage } from '../platform/storage/storage';

// GET /api/ready: may this process take traffic? Each check answers within CHECK_TIMEOUT_MS, and says
// why it failed with a fixed word, never the error's text (addresses, user names); the text goes to
// the log when the answer changes.

/** A check that has not answered by then fails as `timeout` (a pool waiting on a dead database never answers). */
export const CHECK_TIMEOUT_MS = 2000;
/** Answers are reused this long: a burst of probes (or of attackers) costs one round of checks. */
const REUSE_MS = 1000;

export interface CheckResult {
  ok: boolean;
  /** Milliseconds the check took. */
  ms: number;
  /** Why it failed: timeout, unreachable, not_writable, pending_migrations, queue_lagging. */
  error?: string;
}

export interface Readiness {
  status: 'ready' | 'not_ready';
  checks: {
    database: CheckResult;
    migrations: CheckResult & { pending?: string[] };
    storage: CheckResult & { kind: 'local' | 's3' };
    jobs: CheckResult & { oldestDueSeconds?: number; maxSeconds: number };
    redis?: CheckResult;
  };
}

export interface ReadinessDeps {
  db: Database;
  storage: FileStorage;
  storageKind: 'local' | 's3';
  busProbe: EventBusProbe;
  /** REDIS_URL is set: the event bus (and rate limits) depend on it. */
  usesRedis: boolean;
  /** 0: the queue's lag is reported but never makes the process unready. */
  maxJobLagSeconds: number;
  log: FastifyBaseLogger;
}

/** Runs the checks (at most one round at a time, reused for a second) and logs each change of verdict. */
export function readinessChecker(deps: ReadinessDeps): () => Promise<Readiness> {
  const probeKey = `health/ready-${randomBytes(6).toString('hex')}`;
  let running: Promise<Readiness> | undefined;
  let last: { at: number; readiness: Readiness } | undefined;
  let lastVerdict: string | undefined;

  async function check(): Promise<Readiness> {
    const failures: Record<string, unknown> = {};
    const timed = async <T>(name: string, work: () => Promise<T>, failure = 'unreachable'): Promise<CheckResult & { value?: T }> => {
      const started = performance.now();
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new TimeoutError()), CHECK_TIMEOUT_MS)));
      try {
        const value = await Promise.race([work(), late]);
        return { ok: true, ms: elapsed(started), value };
      } catch (err) {
        failures[name] = err;
        return { ok: false, ms: elapsed(started), error: err instanceof TimeoutError ? 'timeout' : failure };
      } finally {
        clearTimeout(timer);
      }
    };

    const [database, executed, storage, oldest, redis] = await Promise.all([
      timed('database', () => pingDatabase(deps.db)),
      timed('migrations', () => executedMigrationNames(deps.db)),
      timed('storage', () => probeStorage(deps.storage, probeKey), 'not_writable'),
      timed('jobs', () => oldestDueJob(deps.db, new Date().toISOString())),
      deps.usesRedis ? timed('redis', () => deps.busProbe.roundTrip()) : undefined,
    ]);

    const { value: names, ...migrationsCheck } = executed;
    const pending = names ? Object.keys(migrations).filter((name) => !names.includes(name)) : undefined;
    const migrationsResult = pending?.length ? { ...migrationsCheck, ok: false, error: 'pending_migrations', pending } : { ...migrationsCheck, ...(pending ? { pending } : {}) };

    const { value: oldestDue, ...jobsCheck } = oldest;
    const oldestDueSeconds = jobsCheck.ok ? (oldestDue ? Math.max(0, Math.round((Date.now() - Date.parse(oldestDue)) / 1000)) : 0) : undefined;
    const lagging = deps.maxJobLagSeconds > 0 && oldestDueSeconds !== undefined && oldestDueSeconds > deps.maxJobLagSeconds;
    const jobsResult = { ...jobsCheck, ...(lagging ? { ok: false, error: 'queue_lagging' } : {}), ...(oldestDueSeconds !== undefined ? { oldestDueSeconds } : {}), maxSeconds: deps.maxJobLagSeconds };

    const checks: Readiness['checks'] = {
      database: withoutValue(database),
      migrations: migrationsResult,
      storage: { ...withoutValue(storage), kind: deps.storageKind },
      jobs: jobsResult,
      ...(redis ? { redis: withoutValue(redis) } : {}),
    };
    const failing = Object.entries(checks).filter(([, result]) => !result.ok).map(([name]) => name);
    const readiness: Readiness = { status: failing.length ? 'not_ready' : 'ready', checks };
    const verdict = failing.join(',');
    if (verdict !== lastVerdict) {
      const reasons = Object.fromEntries(Object.entries(failures).map(([name, err]) => [name, err instanceof Error ? err.message : String(err)]));
      if (failing.length) deps.log.warn({ failing, reasons }, `not ready: ${failing.join(', ')}`);
      else if (lastVerdict !== undefined) deps.log.info('ready again');
      lastVerdict = verdict;
    }
    return readiness;
  }

  return () => {
    if (last && Date.now() - last.at < REUSE_MS) return Promise.resolve(last.readiness);
    running ??= check()
      .then((readiness) => {
        last = { at: Date.now(), readiness };
        return readiness;
      })
      .finally(() => (running = undefined));
    return running;
  };
}

/** Writes, reads back and removes a tiny file: the storage takes uploads right now. */
async function probeStorage(storage: FileStorage, key: string): Promise<void> {
  const probe = Buffer.from('ready');
  await storage.put(key, probe);
  const stored = await storage.stat(key);
  await storage.remove(key);
  if (stored?.size !== probe.length) throw new Error('the storage did not keep a file it was given');
}

class TimeoutError extends Error {}

const elapsed = (started: number) => Math.round((performance.now() - started) * 10) / 10;

function withoutValue<T extends { value?: unknown }>(result: T): Omit<T, 'value'> {
  const { value: _value, ...rest } = result;
  return rest;
}
