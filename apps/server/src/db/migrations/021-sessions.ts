import { dialectOf, fk, tenantKeys, type MigrationDb } from './schema-helpers';

// Sessions that end when they should (issue 29 item 2; docs/decisions/024-sessions-and-revocation.md).
// - sessions: one row per sign-in; its id is the access token's `sid` claim. The device it was made on
//   (platform, model: from the device registration, else from the User-Agent), when it was made, last
//   used (written at most about once a minute) and expires, and when it was revoked (null: live).
// - people.token_version: bumped when every token of the account is revoked. Only tokens issued before
//   this migration (no `sid`) are checked against it: their `ver` claim is absent, read as 0.

export async function up(db: MigrationDb): Promise<void> {
  const dialect = dialectOf(db);

  let sessions = tenantKeys(db.schema.createTable('sessions'), dialect, 'sessions')
    .addColumn('person_id', 'integer', (c) => c.notNull())
    .addColumn('platform', 'varchar(40)', (c) => c.notNull())
    .addColumn('model', 'varchar(120)', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text');
  sessions = fk(sessions, 'sessions_person_fk', 'person_id', 'people');
  await sessions.execute();
  await db.schema.createIndex('sessions_person_idx').on('sessions').columns(['org_id', 'person_id']).execute();

  await db.schema.alterTable('people').addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('people').dropColumn('token_version').execute();
  await db.schema.dropTable('sessions').ifExists().execute();
}
