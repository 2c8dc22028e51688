import type { MigrationDb } from './schema-helpers';

// A commit holds its import by a lease (issue 6 item 15): the owning process (host, pid and a boot id
// picked at start-up) and when the lease lapses unless renewed. A commit whose process died can then
// be taken over at once (dead pid on the same host) or as soon as the lease lapses, instead of after
// a fixed ten minutes of silence. Schema builder only.

export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('imports').addColumn('lease_owner', 'varchar(300)').execute();
  await db.schema.alterTable('imports').addColumn('lease_expires_at', 'text').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('imports').dropColumn('lease_expires_at').execute();
  await db.schema.alterTable('imports').dropColumn('lease_owner').execute();
}
