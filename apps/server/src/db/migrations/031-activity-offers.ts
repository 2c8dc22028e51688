import { sql } from 'kysely';
import { dialectOf, fk, tenantKeys, type MigrationDb } from './schema-helpers';

// Offers of a freed place and the fees of an activity (issue 37 §1; docs/decisions/033-activities.md).
// - activity_requests.offer_expires_at: epoch ms until which an `offered` request holds its place (48 h
//   from the offer); null for every other status. An offered request is live: the partial unique index
//   of one live request per student and activity is made again with `offered` in it.
// - activity_debits: which billing debit an accepted request made for which period, so withdrawing
//   finds the debits to cancel and a second acceptance never bills a period twice (unique per request
//   and period). Both foreign keys cascade: a debit billing removes, or a request deleted with its
//   activity, takes its link along, never the other way round.

export async function up(db: MigrationDb): Promise<void> {
  const dialect = dialectOf(db);
  await db.schema.alterTable('activity_requests').addColumn('offer_expires_at', 'bigint').execute();
  await db.schema.dropIndex('activity_requests_live_key').execute();
  await db.schema
    .createIndex('activity_requests_live_key')
    .on('activity_requests')
    .columns(['org_id', 'activity_id', 'student_id'])
    .unique()
    .where(sql.ref('status'), 'in', ['pending', 'waiting', 'offered', 'accepted'])
    .execute();

  let links = tenantKeys(db.schema.createTable('activity_debits'), dialect, 'activity_debits')
    .addColumn('request_id', 'integer', (c) => c.notNull())
    .addColumn('debit_id', 'integer', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('activity_debits_period_key', ['org_id', 'request_id', 'period'])
    .addUniqueConstraint('activity_debits_debit_key', ['org_id', 'debit_id']);
  links = fk(links, 'activity_debits_request_fk', 'request_id', 'activity_requests');
  links = fk(links, 'activity_debits_debit_fk', 'debit_id', 'billing_debits');
  await links.execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('activity_debits').execute();
  await db.schema.dropIndex('activity_requests_live_key').execute();
  await db.schema
    .createIndex('activity_requests_live_key')
    .on('activity_requests')
    .columns(['org_id', 'activity_id', 'student_id'])
    .unique()
    .where(sql.ref('status'), 'in', ['pending', 'waiting', 'accepted'])
    .execute();
  await db.schema.alterTable('activity_requests').dropColumn('offer_expires_at').execute();
}
