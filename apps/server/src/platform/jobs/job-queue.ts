import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { defaultJobsConfig, type JobsConfig } from '../../config';
import type { Database } from '../../db/database';
import { runJob } from './job-runner';
import type { EnqueueOptions, JobDefinition, JobEnqueuer, JobServices } from './job-definition';
import { claimJobs, insertJob, pruneDoneJobs, releaseJobs, renewLeases, type JobRow } from './jobs.queries';

/** After an enqueue, the local worker looks again this soon (the enqueuing transaction is usually committed by then). */
const NUDGE_MS = 20;
/** Done jobs are kept this long (their keys keep deduplicating), then pruned. */
const DONE_RETENTION_MS = 3 * 24 * 3600_000;
const PRUNE_EVERY_MS = 3600_000;
/** How long stop() lets running jobs finish before handing them back. */
export const DEFAULT_STOP_GRACE_MS = 7000;

/**
 * The job queue of one process: enqueue (any process), a handler registry, and a worker that claims
 * due jobs under a lease renewed while they run. `start()` begins polling; `stop()` stops claiming,
 * lets running jobs finish within a grace period and hands back the rest; `drain()` runs every due
 * job now and waits for them (tests, scripts).
 */
export class JobQueue implements JobEnqueuer {
  readonly workerId = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly definitions = new Map<string, JobDefinition<never>>();
  private readonly running = new Map<number, Promise<void>>();
  private readonly options: JobsConfig;
  private claims: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private nextTickAt = Infinity;
  private heartbeat: NodeJS.Timeout | undefined;
  private lastClaimWasFull = false;
  private lastPruneAt = 0;
  private started = false;
  private stopping: Promise<void> | null = null;

  constructor(
    private readonly services: JobServices,
    options: Partial<JobsConfig> = {},
  ) {
    this.options = { ...defaultJobsConfig, ...services.config.jobs, ...options };
  }

  /** Makes `definition.kind` runnable (and enqueueable) in this process. */
  register<P>(definition: JobDefinition<P>): this {
    if (this.definitions.has(definition.kind)) throw new Error(`Job kind "${definition.kind}" is registered twice`);
    this.definitions.set(definition.kind, definition as JobDefinition<never>);
    return this;
  }

  /**
   * Adds a job inside `db` — pass the caller's transaction, so the job commits or rolls back with its
   * write. Answers the job id, or null when `key` already named a job (nothing is added).
   */
  async enqueue<P>(db: Database, kind: string | JobDefinition<P>, payload: P, options: EnqueueOptions = {}): Promise<number | null> {
    const name = typeof kind === 'string' ? kind : kind.kind;
    const definition = this.definitions.get(name) as JobDefinition<P> | undefined;
    if (!definition) throw new Error(`No job handler is registered for kind "${name}"`);
    if (options.key !== undefined && (options.key.length === 0 || options.key.length > 300)) throw new Error('A job key has 1 to 300 characters');
    const now = new Date().toISOString();
    const id = await insertJob(db, {
      orgId: options.orgId ?? null,
      kind: name,
      payload: JSON.stringify(payload ?? null),
      summary: JSON.stringify(definition.summarize?.(payload) ?? {}),
      key: options.key ?? null,
      maxAttempts: options.maxAttempts ?? this.options.maxAttempts,
      runAt: options.runAt ? options.runAt.toISOString() : now,
      now,
    });
    if (id !== null && (!options.runAt || options.runAt.getTime() <= Date.now())) this.nudge();
    return id;
  }

  /** Looks for due jobs soon instead of at the next poll (after an enqueue or a retry). */
  nudge(): void {
    this.schedule(NUDGE_MS);
  }

  /** Starts the worker loop of this process. */
  start(): void {
    if (this.started || this.stopping) return;
    this.started = true;
    this.schedule(0);
  }

  /**
   * Stops claiming, waits up to `graceMs` for running jobs, then hands the unfinished ones back
   * (queued, attempt not counted) so another process takes them at once. Safe to call twice.
   */
  stop(graceMs = DEFAULT_STOP_GRACE_MS): Promise<void> {
    this.stopping ??= this.stopNow(graceMs);
    return this.stopping;
  }

  /** Runs every due job now, and waits until none is due or running (jobs failing again wait for their backoff). */
  async drain(): Promise<void> {
    while (!this.stopping) {
      await this.claims.catch(() => {});
      await Promise.allSettled([...this.running.values()]);
      const claimed = await this.claimAndLaunch();
      if (claimed === 0 && this.running.size === 0) return;
    }
  }

  /** Ids of the jobs this process is running now. */
  runningJobIds(): number[] {
    return [...this.running.keys()];
  }

  private async stopNow(graceMs: number): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.claims.catch(() => {});
    let graceTimer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => (graceTimer = setTimeout(resolve, graceMs)));
    await Promise.race([Promise.allSettled([...this.running.values()]), grace]);
    clearTimeout(graceTimer);
    const unfinished = this.runningJobIds();
    if (unfinished.length) {
      try {
        const released = await releaseJobs(this.services.db, unfinished, this.workerId, new Date().toISOString());
        this.services.log.warn({ jobs: unfinished, released }, 'jobs still running at shutdown were handed back');
      } catch (err) {
        // Their leases lapse instead, and another worker takes them then.
        this.services.log.error({ err, jobs: unfinished }, 'could not hand back running jobs');
      }
    }
    clearInterval(this.heartbeat);
  }

  private schedule(delayMs: number): void {
    if (!this.started || this.stopping) return;
    const at = Date.now() + delayMs;
    if (this.timer && this.nextTickAt <= at) return;
    clearTimeout(this.timer);
    this.nextTickAt = at;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.nextTickAt = Infinity;
      void this.tick();
    }, delayMs);
  }

  private async tick(): Promise<void> {
    try {
      await this.claimAndLaunch();
      await this.pruneNowAndThen();
    } catch (err) {
      // The database is away (restart, failover, a busy SQLite file): try again at the next poll.
      this.services.log.error({ err }, 'job worker could not claim jobs');
      this.lastClaimWasFull = false;
    }
    this.schedule(this.lastClaimWasFull ? 0 : this.options.pollMs);
  }

  /** Claims as many due jobs as there are free slots and starts them; one claim at a time per process. */
  private claimAndLaunch(): Promise<number> {
    const claim = this.claims.catch(() => {}).then(async () => {
      const free = this.options.concurrency - this.running.size;
      if (free <= 0 || this.stopping) return 0;
      const now = Date.now();
      const rows = await claimJobs(this.services.db, this.services.dialect, {
        lockedBy: this.workerId,
        leaseUntil: new Date(now + this.options.leaseMs).toISOString(),
        now: new Date(now).toISOString(),
        limit: free,
      });
      this.lastClaimWasFull = rows.length === free;
      for (const row of rows) this.launch(row);
      return rows.length;
    });
    this.claims = claim;
    return claim;
  }

  private launch(row: JobRow): void {
    const definition = this.definitions.get(row.kind);
    const done = runJob(row, definition, { ...this.services, jobs: this, workerId: this.workerId, options: this.options }).finally(() => {
      this.running.delete(row.id);
      if (this.running.size === 0) {
        clearInterval(this.heartbeat);
        this.heartbeat = undefined;
      }
      if (this.lastClaimWasFull) this.schedule(0);
    });
    this.running.set(row.id, done);
    this.heartbeat ??= setInterval(() => void this.renewLeases(), Math.max(10, Math.floor(this.options.leaseMs / 3)));
  }

  private async renewLeases(): Promise<void> {
    try {
      await renewLeases(this.services.db, this.runningJobIds(), this.workerId, new Date(Date.now() + this.options.leaseMs).toISOString());
    } catch (err) {
      this.services.log.warn({ err }, 'could not renew job leases');
    }
  }

  private async pruneNowAndThen(): Promise<void> {
    if (Date.now() - this.lastPruneAt < PRUNE_EVERY_MS) return;
    this.lastPruneAt = Date.now();
    const pruned = await pruneDoneJobs(this.services.db, new Date(Date.now() - DONE_RETENTION_MS).toISOString());
    if (pruned) this.services.log.info({ pruned }, 'pruned done jobs');
  }
}
