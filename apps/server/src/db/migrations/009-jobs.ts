import { dialectOf, type MigrationDb } from './schema-helpers';

// The durable job queue (platform/jobs): one row per job, in the same database as the writes that
// enqueue it, so a job exists exactly when its transaction commits. A platform table, not a tenant
// table: org_id is nullable (a job of no school) and only scopes the administrators' list. `key` is
// the idempotency key (unique; NULLs do not collide). `summary` holds what the job is about (JSON: a topic code and a person id), safe to show
// administrators, since `payload` may hold one-time links and is wiped once the job is done.
// Schema builder only.

export async function up(db: MigrationDb): Promise<void> {
  const dialect = dialectOf(db);
  let jobs = db.schema.createTable('jobs');
  jobs =
    dialect === 'sqlite'
      ? jobs.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      : jobs.addColumn('id', 'integer', (c) => c.generatedByDefaultAsIdentity().primaryKey());
  await jobs
    .addColumn('org_id', 'integer', (c) => c.references('orgs.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(100)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('summary', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('key', 'varchar(300)', (c) => c.unique())
    .addColumn('state', 'varchar(10)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('run_at', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('locked_by', 'varchar(200)')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // Claiming looks for due queued jobs and lapsed leases; the administrators list one school's jobs by state.
  await db.schema.createIndex('jobs_state_run_at_idx').on('jobs').columns(['state', 'run_at']).execute();
  await db.schema.createIndex('jobs_org_id_state_idx').on('jobs').columns(['org_id', 'state', 'updated_at']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('jobs').ifExists().execute();
}
