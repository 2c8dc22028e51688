import { dialectOf, fk, tenantKeys, type MigrationDb } from './schema-helpers';

// Billing (issue 14; docs/decisions/019-billing-ledger.md). Amounts are bigint minor units: a school's
// yearly totals in cents pass 2^31. PostgreSQL answers bigint (and SUM) as strings, so readers
// convert through billing's money helper.
// - billing_counters: the next debit and credit sequence of a school, taken with one UPDATE … RETURNING.
// - billing_debits: what a student owes for a period. value/interest/paid cache the sums of its lines
//   and distributions (kept in the same transaction as them). interest_from is the day from which
//   interest not yet added as a line accrues. reference is the import's key (unique per school), so
//   importing the same file twice creates nothing new.
// - billing_debit_concepts: the lines: charges, and interest added when a payment came after expiry.
// - billing_credits: payments received, online or recorded by treasury; applied caches the active
//   distributions. idempotency_key ('{creator}:{key}') makes a repeated treasury submit one credit.
// - billing_distributions: a credit's share on one line; reversed_at keeps unapplied ones as history.
// - billing_payments: online payments. (org_id, payer_id, idempotency_key) is unique: the same key
//   answers the same payment. The status moves pending → approved | declined with one conditional
//   UPDATE in the transaction that records the credit, so a payment is applied exactly once.
// - billing_sandbox_charges: the built-in sandbox gateway's own state (what a real gateway keeps).
// - billing_webhook_events: every webhook received, verified or not, for support and audits.
// - billing_imports: a debits file between its preview and its commit.

export async function up(db: MigrationDb): Promise<void> {
  const dialect = dialectOf(db);

  await db.schema
    .createTable('billing_counters')
    .addColumn('org_id', 'integer', (c) => c.notNull().references('orgs.id').onDelete('cascade'))
    .addColumn('name', 'varchar(20)', (c) => c.notNull())
    .addColumn('value', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('billing_counters_pkey', ['org_id', 'name'])
    .execute();

  let debits = tenantKeys(db.schema.createTable('billing_debits'), dialect, 'billing_debits')
    .addColumn('person_id', 'integer', (c) => c.notNull())
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addColumn('period', 'varchar(20)', (c) => c.notNull())
    .addColumn('description', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('issue_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('expiration_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('currency', 'varchar(10)', (c) => c.notNull())
    .addColumn('value', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('interest', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('paid', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('interest_from', 'varchar(10)', (c) => c.notNull())
    .addColumn('paid_on', 'varchar(10)')
    .addColumn('reference', 'varchar(120)')
    .addColumn('import_id', 'integer')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('billing_debits_sequence_key', ['org_id', 'sequence'])
    .addUniqueConstraint('billing_debits_reference_key', ['org_id', 'reference']);
  debits = fk(debits, 'billing_debits_person_fk', 'person_id', 'people');
  await debits.execute();
  await db.schema.createIndex('billing_debits_person_idx').on('billing_debits').columns(['org_id', 'person_id', 'paid_on']).execute();
  await db.schema.createIndex('billing_debits_expiration_idx').on('billing_debits').columns(['org_id', 'paid_on', 'expiration_date']).execute();

  let concepts = tenantKeys(db.schema.createTable('billing_debit_concepts'), dialect, 'billing_debit_concepts')
    .addColumn('debit_id', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('observations', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('value', 'bigint', (c) => c.notNull())
    .addColumn('paid', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull());
  concepts = fk(concepts, 'billing_debit_concepts_debit_fk', 'debit_id', 'billing_debits');
  await concepts.execute();
  await db.schema.createIndex('billing_debit_concepts_debit_idx').on('billing_debit_concepts').columns(['org_id', 'debit_id', 'position']).execute();

  let credits = tenantKeys(db.schema.createTable('billing_credits'), dialect, 'billing_credits')
    .addColumn('person_id', 'integer', (c) => c.notNull())
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addColumn('method', 'varchar(20)', (c) => c.notNull())
    .addColumn('date', 'varchar(10)', (c) => c.notNull())
    .addColumn('effective_date', 'varchar(10)', (c) => c.notNull())
    .addColumn('currency', 'varchar(10)', (c) => c.notNull())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .addColumn('applied', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('reference', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('note', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('payment_id', 'integer')
    .addColumn('idempotency_key', 'varchar(240)')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('billing_credits_sequence_key', ['org_id', 'sequence'])
    .addUniqueConstraint('billing_credits_idempotency_key', ['org_id', 'idempotency_key'])
    .addUniqueConstraint('billing_credits_payment_key', ['org_id', 'payment_id']);
  credits = fk(credits, 'billing_credits_person_fk', 'person_id', 'people');
  await credits.execute();
  await db.schema.createIndex('billing_credits_person_idx').on('billing_credits').columns(['org_id', 'person_id', 'date']).execute();

  let distributions = tenantKeys(db.schema.createTable('billing_distributions'), dialect, 'billing_distributions')
    .addColumn('credit_id', 'integer', (c) => c.notNull())
    .addColumn('debit_id', 'integer', (c) => c.notNull())
    .addColumn('concept_id', 'integer', (c) => c.notNull())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('reversed_by', 'integer')
    .addColumn('reversed_at', 'text');
  distributions = fk(distributions, 'billing_distributions_credit_fk', 'credit_id', 'billing_credits');
  distributions = fk(distributions, 'billing_distributions_debit_fk', 'debit_id', 'billing_debits');
  distributions = fk(distributions, 'billing_distributions_concept_fk', 'concept_id', 'billing_debit_concepts');
  await distributions.execute();
  await db.schema.createIndex('billing_distributions_credit_idx').on('billing_distributions').columns(['org_id', 'credit_id']).execute();
  await db.schema.createIndex('billing_distributions_debit_idx').on('billing_distributions').columns(['org_id', 'debit_id']).execute();

  let payments = tenantKeys(db.schema.createTable('billing_payments'), dialect, 'billing_payments')
    .addColumn('debit_id', 'integer', (c) => c.notNull())
    .addColumn('person_id', 'integer', (c) => c.notNull())
    .addColumn('payer_id', 'integer', (c) => c.notNull())
    .addColumn('provider', 'varchar(20)', (c) => c.notNull())
    .addColumn('idempotency_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'varchar(10)', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('provider_ref', 'varchar(200)')
    .addColumn('checkout_url', 'text')
    .addColumn('credit_id', 'integer')
    .addColumn('failure', 'varchar(200)')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .addColumn('checked_at', 'text')
    .addUniqueConstraint('billing_payments_idempotency_key', ['org_id', 'payer_id', 'idempotency_key']);
  payments = fk(payments, 'billing_payments_debit_fk', 'debit_id', 'billing_debits');
  payments = fk(payments, 'billing_payments_person_fk', 'person_id', 'people');
  payments = fk(payments, 'billing_payments_payer_fk', 'payer_id', 'people');
  await payments.execute();
  await db.schema.createIndex('billing_payments_status_idx').on('billing_payments').columns(['org_id', 'status', 'created_at']).execute();
  await db.schema.createIndex('billing_payments_debit_idx').on('billing_payments').columns(['org_id', 'debit_id']).execute();

  await db.schema
    .createTable('billing_sandbox_charges')
    .addColumn('org_id', 'integer', (c) => c.notNull().references('orgs.id').onDelete('cascade'))
    .addColumn('token', 'varchar(64)', (c) => c.notNull())
    .addColumn('payment_id', 'integer', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'varchar(10)', (c) => c.notNull())
    .addColumn('outcome', 'varchar(10)')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .addColumn('webhook_sent_at', 'text')
    .addPrimaryKeyConstraint('billing_sandbox_charges_pkey', ['org_id', 'token'])
    .execute();

  await tenantKeys(db.schema.createTable('billing_webhook_events'), dialect, 'billing_webhook_events')
    .addColumn('provider', 'varchar(20)', (c) => c.notNull())
    .addColumn('payment_id', 'integer')
    .addColumn('verified', 'integer', (c) => c.notNull())
    .addColumn('outcome', 'varchar(40)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute();

  let imports = tenantKeys(db.schema.createTable('billing_imports'), dialect, 'billing_imports')
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('preview', 'text', (c) => c.notNull())
    .addColumn('committed_at', 'text')
    .addColumn('result', 'text');
  imports = fk(imports, 'billing_imports_creator_fk', 'created_by', 'people');
  await imports.execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of [
    'billing_imports',
    'billing_webhook_events',
    'billing_sandbox_charges',
    'billing_payments',
    'billing_distributions',
    'billing_credits',
    'billing_debit_concepts',
    'billing_debits',
    'billing_counters',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
