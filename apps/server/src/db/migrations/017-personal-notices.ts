import { dialectOf, fk, tenantKeys, type MigrationDb } from './schema-helpers';

// Personal notices (issue 13): notifications about one person rather than a post, such as "the bus is
// approaching your stop" or "the bus is running late". notification_deliveries belongs to posts
// (post_id is required), so these get their own outbox, with the same life:
// - one row per person, notice, channel and device; once_key (person:notice key:channel:device) is
//   unique, so a notice job that runs again after a crash adds nothing;
// - state queued → sending (claimed_by: the job sending it) → sent | failed, as the post deliveries;
// - notice: the JSON of what the notice says (kind, values, link), so a retry renders it again in
//   the person's language without asking the area that raised it.

export async function up(db: MigrationDb): Promise<void> {
  const dialect = dialectOf(db);

  let notices = tenantKeys(db.schema.createTable('notification_notices'), dialect, 'notification_notices')
    .addColumn('person_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(40)', (c) => c.notNull())
    .addColumn('notice', 'text', (c) => c.notNull())
    .addColumn('channel', 'varchar(10)', (c) => c.notNull())
    .addColumn('device_uuid', 'varchar(200)')
    .addColumn('once_key', 'varchar(300)', (c) => c.notNull())
    .addColumn('state', 'varchar(10)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('claimed_by', 'bigint')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .addUniqueConstraint('notification_notices_once_key', ['org_id', 'once_key']);
  notices = fk(notices, 'notification_notices_person_fk', 'person_id', 'people');
  await notices.execute();
  await db.schema.createIndex('notification_notices_person_idx').on('notification_notices').columns(['org_id', 'person_id', 'created_at']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('notification_notices').ifExists().execute();
}
