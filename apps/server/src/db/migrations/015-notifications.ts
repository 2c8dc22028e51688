import { dialectOf, fk, tenantKeys, type MigrationDb } from './schema-helpers';

// Notifications (issue 12).
// - notification_settings: a person's channel switches, per-type overrides, quiet hours and digest, as
//   JSON (the NotificationSettings schema of @patio/core); absent means the defaults.
// - notification_deliveries: the outbox of one post's notifications, one row per recipient, channel and
//   device. once_key (post, person, channel, device) is unique, so a fan-out that runs again after a
//   crash adds nothing. state: queued → sending (claimed_by: the job sending it) → sent | failed;
//   digest rows wait for the person's daily email. not_before holds a delivery back during quiet hours.
//   A device row may be gone by the time of sending (the device is looked up by uuid then).

export async function up(db: MigrationDb): Promise<void> {
  const dialect = dialectOf(db);

  let settings = db.schema
    .createTable('notification_settings')
    .addColumn('org_id', 'integer', (c) => c.notNull().references('orgs.id').onDelete('cascade'))
    .addColumn('person_id', 'integer', (c) => c.notNull())
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_settings_pkey', ['org_id', 'person_id']);
  settings = fk(settings, 'notification_settings_person_fk', 'person_id', 'people');
  await settings.execute();

  let deliveries = tenantKeys(db.schema.createTable('notification_deliveries'), dialect, 'notification_deliveries')
    .addColumn('post_id', 'integer', (c) => c.notNull())
    .addColumn('person_id', 'integer', (c) => c.notNull())
    .addColumn('channel', 'varchar(10)', (c) => c.notNull())
    .addColumn('device_uuid', 'varchar(200)')
    .addColumn('once_key', 'varchar(300)', (c) => c.notNull())
    .addColumn('state', 'varchar(10)', (c) => c.notNull())
    .addColumn('urgent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('not_before', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('claimed_by', 'bigint')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .addUniqueConstraint('notification_deliveries_once_key', ['org_id', 'once_key']);
  deliveries = fk(deliveries, 'notification_deliveries_post_fk', 'post_id', 'posts');
  deliveries = fk(deliveries, 'notification_deliveries_person_fk', 'person_id', 'people');
  await deliveries.execute();
  await db.schema.createIndex('notification_deliveries_post_state_idx').on('notification_deliveries').columns(['org_id', 'post_id', 'state']).execute();
  await db.schema.createIndex('notification_deliveries_person_state_idx').on('notification_deliveries').columns(['org_id', 'person_id', 'state']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ['notification_deliveries', 'notification_settings']) await db.schema.dropTable(table).ifExists().execute();
}
