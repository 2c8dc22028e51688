import { sql } from 'kysely';
import { dialectOf, fk, tenantKeys, type MigrationDb } from './schema-helpers';

// Issue 29, billing:
// - billing_payments: at most one open (pending) online payment per debit, held by a partial unique
//   index, so parallel submits with different keys start one charge. Older duplicates already stored
//   are closed as declined ('superseded'): a gateway may still approve them, which the declined →
//   approved move allows, so no money is lost.
// - billing_refunds: an approved online payment that the debit could not take (it was paid
//   meanwhile) is a refund for treasury to make or settle, with who marked it done.
// - billing_webhook_refusals: refused notifications are counted, never stored (their bodies come from
//   anyone). Refused rows logged before this change are folded into the counters and deleted.

export async function up(db: MigrationDb): Promise<void> {
  const dialect = dialectOf(db);

  await sql`
    UPDATE billing_payments SET status = 'declined', failure = 'superseded', completed_at = created_at
    WHERE status = 'pending' AND EXISTS (
      SELECT 1 FROM billing_payments newer
      WHERE newer.org_id = billing_payments.org_id AND newer.debit_id = billing_payments.debit_id
        AND newer.status = 'pending' AND newer.id > billing_payments.id
    )`.execute(db);
  await db.schema
    .createIndex('billing_payments_open_key')
    .unique()
    .on('billing_payments')
    .columns(['org_id', 'debit_id'])
    .where(sql.ref('status'), '=', 'pending')
    .execute();

  let refunds = tenantKeys(db.schema.createTable('billing_refunds'), dialect, 'billing_refunds')
    .addColumn('payment_id', 'integer', (c) => c.notNull())
    .addColumn('credit_id', 'integer', (c) => c.notNull())
    .addColumn('person_id', 'integer', (c) => c.notNull())
    .addColumn('debit_id', 'integer', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('done_at', 'text')
    .addColumn('done_by', 'integer')
    .addColumn('note', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addUniqueConstraint('billing_refunds_payment_key', ['org_id', 'payment_id']);
  refunds = fk(refunds, 'billing_refunds_payment_fk', 'payment_id', 'billing_payments');
  refunds = fk(refunds, 'billing_refunds_credit_fk', 'credit_id', 'billing_credits');
  refunds = fk(refunds, 'billing_refunds_person_fk', 'person_id', 'people');
  refunds = fk(refunds, 'billing_refunds_debit_fk', 'debit_id', 'billing_debits');
  await refunds.execute();
  await db.schema.createIndex('billing_refunds_open_idx').on('billing_refunds').columns(['org_id', 'done_at', 'created_at']).execute();

  await db.schema
    .createTable('billing_webhook_refusals')
    .addColumn('org_id', 'integer', (c) => c.notNull().references('orgs.id').onDelete('cascade'))
    .addColumn('provider', 'varchar(20)', (c) => c.notNull())
    .addColumn('reason', 'varchar(40)', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('billing_webhook_refusals_pkey', ['org_id', 'provider', 'reason'])
    .execute();
  await sql`
    INSERT INTO billing_webhook_refusals (org_id, provider, reason, count, last_at)
    SELECT org_id, provider, outcome, COUNT(*), MAX(received_at) FROM billing_webhook_events
    WHERE verified = 0 OR outcome = 'payment_not_found'
    GROUP BY org_id, provider, outcome`.execute(db);
  await sql`DELETE FROM billing_webhook_events WHERE verified = 0 OR outcome = 'payment_not_found'`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('billing_webhook_refusals').ifExists().execute();
  await db.schema.dropTable('billing_refunds').ifExists().execute();
  await db.schema.dropIndex('billing_payments_open_key').ifExists().execute();
}
