import { Migrator } from 'kysely';
import { loadConfig } from './config';
import { openDatabase, type Database } from './db/database';
import { migrations } from './db/migrations/index';
import { createLogger } from './http/logging';
import { registerJobHandlers } from './modules/manifests';
import { createEventBus } from './platform/events/create-event-bus';
import { JobQueue } from './platform/jobs/jobs';
import { closeMailerOf } from './platform/mail/mailer';
import { exitGracefullyOnSignals } from './shutdown';

// `npm run worker`: a process that only works the job queue, for deployments that keep the server
// processes for requests (JOBS_IN_PROCESS=false on them). Same environment as the server; several
// workers may run at once, on one machine or many. Only the server migrates the database: a worker
// started first waits for the schema, and refuses to run against an older one.

/** How long a worker waits for the server to migrate (WORKER_SCHEMA_WAIT_MS). */
const schemaWaitMs = Number(process.env.WORKER_SCHEMA_WAIT_MS ?? 60_000);

process.umask(0o077);
const config = loadConfig(process.env);
// JSON, or readable lines in development on a terminal (LOG_PRETTY), as the server writes.
const log = (await createLogger(config)).child({ role: 'worker' });
const { db, dialect } = openDatabase(config);

try {
  await waitForSchema(db);
} catch (err) {
  log.error({ err }, (err as Error).message);
  await db.destroy();
  process.exit(1);
}

const events = createEventBus(config, log);
const jobs = registerJobHandlers(new JobQueue({ db, dialect, config, events, log }));
exitGracefullyOnSignals(
  async () => {
    await jobs.stop();
    closeMailerOf(config);
    await events.close();
    await db.destroy();
  },
  { log },
);
jobs.start();
log.info({ workerId: jobs.workerId }, 'job worker started');

/** Resolves once every migration this worker knows has run; throws when that takes longer than schemaWaitMs. */
async function waitForSchema(database: Database): Promise<void> {
  const migrator = new Migrator({ db: database, provider: { getMigrations: async () => migrations } });
  const deadline = Date.now() + schemaWaitMs;
  for (let round = 0; ; round++) {
    const pending = (await migrator.getMigrations()).filter((m) => !m.executedAt).map((m) => m.name);
    if (!pending.length) return;
    if (Date.now() >= deadline) {
      throw new Error(
        `The database schema is older than this worker (missing migrations: ${pending.join(', ')}). ` +
          'Start or upgrade the server first: it migrates the database; workers never do.',
      );
    }
    if (round === 0) log.warn({ pending }, 'waiting for the server to migrate the database');
    await new Promise((resolve) => setTimeout(resolve, Math.min(2000, Math.max(50, deadline - Date.now()))));
  }
}
