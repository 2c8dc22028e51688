import { dialectOf, fk, tenantKeys, type MigrationDb } from './schema-helpers';

// Attendance (issue 15; docs/decisions/021-attendance.md).
// - attendance_checkpoints: one per node (class, route, event…), created on first use with a type and
//   a direction guessed from the node's type; staff may change both.
// - attendance_records: the mark of one person at one node on one day (unique, so parallel or resent
//   marks meet on one row): type, when it was marked (`time`, epoch seconds: the device's time of an
//   offline mark), note, who marked it, and the family's "absence" post (alert_state, alert_post_id).
// - attendance_changes: every mark that changed a record, in order: corrections keep their history.
// Excuses are the relatives' replies in the absence post's thread, read from there (no copy here).

export async function up(db: MigrationDb): Promise<void> {
  const dialect = dialectOf(db);

  let checkpoints = tenantKeys(db.schema.createTable('attendance_checkpoints'), dialect, 'attendance_checkpoints')
    .addColumn('node_id', 'integer', (c) => c.notNull())
    .addColumn('type', 'varchar(20)', (c) => c.notNull())
    .addColumn('direction', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('attendance_checkpoints_node_key', ['org_id', 'node_id']);
  checkpoints = fk(checkpoints, 'attendance_checkpoints_node_fk', 'node_id', 'nodes');
  await checkpoints.execute();

  let records = tenantKeys(db.schema.createTable('attendance_records'), dialect, 'attendance_records')
    .addColumn('node_id', 'integer', (c) => c.notNull())
    .addColumn('person_id', 'integer', (c) => c.notNull())
    .addColumn('date', 'varchar(10)', (c) => c.notNull())
    .addColumn('type', 'varchar(10)', (c) => c.notNull())
    .addColumn('time', 'bigint', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('marked_by', 'integer')
    .addColumn('alert_state', 'varchar(10)')
    .addColumn('alert_post_id', 'integer')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('attendance_records_day_key', ['org_id', 'node_id', 'person_id', 'date']);
  records = fk(records, 'attendance_records_node_fk', 'node_id', 'nodes');
  records = fk(records, 'attendance_records_person_fk', 'person_id', 'people');
  // No foreign keys on marked_by and alert_post_id: a cascade must never delete a record with its
  // marker or its post; readers join, so someone gone reads as no one.
  await records.execute();
  await db.schema.createIndex('attendance_records_date_idx').on('attendance_records').columns(['org_id', 'date', 'node_id']).execute();
  await db.schema.createIndex('attendance_records_person_idx').on('attendance_records').columns(['org_id', 'person_id', 'date']).execute();
  await db.schema.createIndex('attendance_records_post_idx').on('attendance_records').columns(['org_id', 'alert_post_id']).execute();

  let changes = tenantKeys(db.schema.createTable('attendance_changes'), dialect, 'attendance_changes')
    .addColumn('record_id', 'integer', (c) => c.notNull())
    .addColumn('type', 'varchar(10)', (c) => c.notNull())
    .addColumn('previous_type', 'varchar(10)')
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('time', 'bigint', (c) => c.notNull())
    .addColumn('marked_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull());
  changes = fk(changes, 'attendance_changes_record_fk', 'record_id', 'attendance_records');
  await changes.execute();
  await db.schema.createIndex('attendance_changes_record_idx').on('attendance_changes').columns(['org_id', 'record_id']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('attendance_changes').execute();
  await db.schema.dropTable('attendance_records').execute();
  await db.schema.dropTable('attendance_checkpoints').execute();
}
