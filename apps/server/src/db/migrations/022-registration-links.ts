import { dialectOf, fk, tenantKeys, type MigrationDb } from './schema-helpers';

// Issue 29 item 3 (decision 023): approval never merges a registrant into a person of the school on a
// document match alone.
// - registration_links: the confirmation asked of the person of the school a registration matches, one
//   row per registration (a new send replaces an expired one in place). Only the SHA-256 of the mailed
//   token is kept; status pending → confirmed | refused; expires_at bounds the link.
// - registration_link_decisions: an administrator's decision to link without a confirmation (no contact
//   on file), with its reason. Written once, never updated or deleted by the API; it keeps the ids as
//   plain numbers and the deciding administrator's name, so it outlives the people it names.

export async function up(db: MigrationDb): Promise<void> {
  const dialect = dialectOf(db);

  let links = tenantKeys(db.schema.createTable('registration_links'), dialect, 'registration_links')
    .addColumn('registration_id', 'integer', (c) => c.notNull())
    .addColumn('person_id', 'integer', (c) => c.notNull())
    .addColumn('sent_to', 'varchar(254)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('send_count', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sent_by', 'integer', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('answered_at', 'text')
    .addUniqueConstraint('registration_links_registration_key', ['org_id', 'registration_id'])
    .addUniqueConstraint('registration_links_token_key', ['org_id', 'token_hash']);
  links = fk(links, 'registration_links_registration_fk', 'registration_id', 'registrations');
  links = fk(links, 'registration_links_person_fk', 'person_id', 'people');
  await links.execute();

  await tenantKeys(db.schema.createTable('registration_link_decisions'), dialect, 'registration_link_decisions')
    .addColumn('registration_id', 'integer', (c) => c.notNull())
    .addColumn('registrant_id', 'integer', (c) => c.notNull())
    .addColumn('person_id', 'integer')
    .addColumn('linked', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('decided_by', 'integer', (c) => c.notNull())
    .addColumn('decided_by_name', 'varchar(300)', (c) => c.notNull())
    .addColumn('decided_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('registration_link_decisions_registration_idx')
    .on('registration_link_decisions')
    .columns(['org_id', 'registration_id'])
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('registration_link_decisions').ifExists().execute();
  await db.schema.dropTable('registration_links').ifExists().execute();
}
