import { stat } from 'node:fs/promises';
import { Gauge, type Registry } from 'prom-client';
import type pg from 'pg';
import type { Database } from '../../db/database';
import type { EventBusProbe } from '../events/bus-probe';
import { queueStats, type QueueStatsRow } from '../jobs/queue-stats.queries';

// Gauges read when Prometheus scrapes, from the app's own state: nothing to update on the hot paths.

export interface StateSources {
  db: Database;
  /** PostgreSQL: the pool behind `db`. */
  pool?: pg.Pool;
  /** SQLite: the database file. */
  sqliteFile?: string;
  /** Live sockets of this process: open (signed in) and pending (not authenticated yet). */
  liveSockets(): { open: number; pending: number };
  busProbe: EventBusProbe;
}

/** Registers the state gauges of one app in its registry. */
export function registerStateGauges(registry: Registry, sources: StateSources): void {
  registerJobGauges(registry, sources.db);
  registerDatabaseGauges(registry, sources);
  new Gauge({
    name: 'patio_live_sockets',
    help: 'Live WebSockets of this process: open (signed in) and pending (not authenticated yet)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const { open, pending } = sources.liveSockets();
      this.set({ state: 'open' }, open);
      this.set({ state: 'pending' }, pending);
    },
  });
  new Gauge({
    name: 'patio_event_bus_lag_seconds',
    help: 'Round trip of a probe event through the event bus (Redis when REDIS_URL is set) at scrape time; +Inf when it did not come back within 2 s',
    registers: [registry],
    async collect() {
      this.set(await sources.busProbe.roundTrip().catch(() => Infinity));
    },
  });
}

/**
 * The queue by kind: due jobs waiting and how long the oldest has waited (the lag readiness bounds),
 * running jobs, dead jobs. One query per scrape feeds all four (prom-client collects them at once).
 */
function registerJobGauges(registry: Registry, db: Database): void {
  let pending: Promise<QueueStatsRow[] | null> | undefined;
  const load = () => (pending ??= queueStats(db, new Date().toISOString()).catch(() => null).finally(() => (pending = undefined)));
  // Kinds seen once keep a 0 series after their queue empties, rather than vanishing.
  const kinds = new Set<string>();
  const byKind = (name: string, help: string, value: (rows: QueueStatsRow[], kind: string, now: number) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['kind'],
      registers: [registry],
      async collect() {
        const rows = await load();
        this.reset();
        // The database is away: no numbers rather than wrong ones (GET /api/ready says why).
        if (!rows) return;
        for (const row of rows) kinds.add(row.kind);
        const now = Date.now();
        for (const kind of kinds) this.set({ kind }, value(rows, kind, now));
      },
    });
  const find = (rows: QueueStatsRow[], kind: string, state: QueueStatsRow['state']) => rows.find((row) => row.kind === kind && row.state === state);
  byKind('patio_jobs_queued', 'Due jobs waiting for a worker, by kind', (rows, kind) => find(rows, kind, 'queued')?.count ?? 0);
  byKind('patio_jobs_oldest_queued_age_seconds', 'How long the longest-waiting due job of each kind has waited', (rows, kind, now) => {
    const oldest = find(rows, kind, 'queued')?.oldestRunAt;
    return oldest ? Math.max(0, (now - Date.parse(oldest)) / 1000) : 0;
  });
  byKind('patio_jobs_running', 'Jobs being run by a worker (any process), by kind', (rows, kind) => find(rows, kind, 'running')?.count ?? 0);
  byKind('patio_jobs_dead', 'Jobs that ran out of attempts and wait for an administrator, by kind', (rows, kind) => find(rows, kind, 'dead')?.count ?? 0);
}

/**
 * PostgreSQL: the pool's connections. SQLite has one connection that Kysely lends to one query at a
 * time, so a pool says nothing there; what does grow is the file and its write-ahead log (a WAL that
 * keeps growing means checkpoints cannot finish, e.g. a reader that never lets go).
 */
function registerDatabaseGauges(registry: Registry, sources: StateSources): void {
  const { pool, sqliteFile } = sources;
  if (pool) {
    const poolGauge = (name: string, help: string, read: (p: pg.Pool) => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read(pool));
        },
      });
    poolGauge('patio_db_pool_total_connections', 'PostgreSQL connections the pool holds (idle and in use)', (p) => p.totalCount);
    poolGauge('patio_db_pool_idle_connections', 'PostgreSQL connections of the pool not running a query', (p) => p.idleCount);
    poolGauge('patio_db_pool_waiting_requests', 'Queries waiting for a free PostgreSQL connection', (p) => p.waitingCount);
    poolGauge('patio_db_pool_max_connections', 'Connections the PostgreSQL pool may open', (p) => p.options.max ?? 10);
  }
  if (sqliteFile && sqliteFile !== ':memory:') {
    new Gauge({
      name: 'patio_sqlite_file_bytes',
      help: 'Size of the SQLite database file and of its write-ahead log',
      labelNames: ['file'],
      registers: [registry],
      async collect() {
        const size = async (path: string) => (await stat(path).catch(() => null))?.size ?? 0;
        this.set({ file: 'database' }, await size(sqliteFile));
        this.set({ file: 'wal' }, await size(`${sqliteFile}-wal`));
      },
    });
  }
}
