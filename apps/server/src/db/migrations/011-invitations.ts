import { sql } from 'kysely';
import { dialectOf, fk, tenantKeys, type MigrationDb } from './schema-helpers';

// Families get in (issue 8): invitations and password resets.
// - login_tokens.purpose tells apart the one-time links: an administrator's sign-in link ('sign_in',
//   every older row), an invitation ('invitation', opens the welcome screen) and a password reset
//   ('password_reset'); each is exchanged only by its own route.
// - invitations: one row per invited person (none: never invited) with where the invitation stands,
//   when it was last sent, opened and first used to sign in, and how often it was sent. The status is
//   stored, so lists filter and count it in SQL.
// - people are found by email (case-insensitive) for sign-in by email and password resets.
// Schema builder only (the expression index names its columns as SQL text, the same on both databases).

export async function up(db: MigrationDb): Promise<void> {
  const dialect = dialectOf(db);
  await db.schema
    .alterTable('login_tokens')
    .addColumn('purpose', 'varchar(20)', (c) => c.notNull().defaultTo('sign_in'))
    .execute();
  // Resending an invitation or setting a password revokes a person's outstanding links of one purpose.
  await db.schema.createIndex('login_tokens_org_id_person_id_purpose_idx').on('login_tokens').columns(['org_id', 'person_id', 'purpose']).execute();

  let invitations = tenantKeys(db.schema.createTable('invitations'), dialect, 'invitations')
    .addColumn('person_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('send_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addColumn('sent_by', 'integer')
    .addColumn('opened_at', 'text')
    .addColumn('signed_in_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('invitations_org_id_person_id_key', ['org_id', 'person_id']);
  invitations = fk(invitations, 'invitations_person_fk', 'person_id', 'people');
  await invitations.execute();
  await db.schema.createIndex('invitations_org_id_status_idx').on('invitations').columns(['org_id', 'status']).execute();

  await db.schema.createIndex('people_org_id_email_lower_idx').on('people').expression(sql`org_id, lower(email)`).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('people_org_id_email_lower_idx').ifExists().execute();
  await db.schema.dropTable('invitations').ifExists().execute();
  await db.schema.dropIndex('login_tokens_org_id_person_id_purpose_idx').ifExists().execute();
  await db.schema.alterTable('login_tokens').dropColumn('purpose').execute();
}
