import { dialectOf, fk, tenantKeys, type MigrationDb } from './schema-helpers';

// Single sign-on (issue 16, decision 020):
// - sign_in_links: a provider account (provider, subject = the id token's `sub`) linked to one person of
//   the school; unique per school, so one account signs in as one person. The email is the one the
//   provider gave when the link was made or last used, shown to the person in /settings.
// - sign_in_states: one sign-in under way, from GET oauth/{provider}/authorize to POST oauth/{provider}:
//   the state (stored as its SHA-256), the nonce and PKCE verifier it must come back with, the redirect
//   URI and the client it was started for. Used once (used_at), valid 10 minutes.

export async function up(db: MigrationDb): Promise<void> {
  const dialect = dialectOf(db);

  let links = tenantKeys(db.schema.createTable('sign_in_links'), dialect, 'sign_in_links')
    .addColumn('person_id', 'integer', (c) => c.notNull())
    .addColumn('provider', 'varchar(10)', (c) => c.notNull())
    .addColumn('subject', 'varchar(255)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .addUniqueConstraint('sign_in_links_subject_key', ['org_id', 'provider', 'subject']);
  links = fk(links, 'sign_in_links_person_fk', 'person_id', 'people');
  await links.execute();
  await db.schema.createIndex('sign_in_links_person_idx').on('sign_in_links').columns(['org_id', 'person_id']).execute();

  await tenantKeys(db.schema.createTable('sign_in_states'), dialect, 'sign_in_states')
    .addColumn('provider', 'varchar(10)', (c) => c.notNull())
    .addColumn('state_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('nonce', 'varchar(100)', (c) => c.notNull())
    .addColumn('code_verifier', 'varchar(100)', (c) => c.notNull())
    .addColumn('redirect_uri', 'varchar(500)', (c) => c.notNull())
    .addColumn('client_id', 'varchar(300)', (c) => c.notNull())
    .addColumn('issuer', 'varchar(300)', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addUniqueConstraint('sign_in_states_state_key', ['org_id', 'state_hash'])
    .execute();
  await db.schema.createIndex('sign_in_states_expiry_idx').on('sign_in_states').columns(['org_id', 'expires_at']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('sign_in_states').ifExists().execute();
  await db.schema.dropTable('sign_in_links').ifExists().execute();
}
