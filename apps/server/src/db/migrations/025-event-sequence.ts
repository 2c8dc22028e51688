import type { MigrationDb } from './schema-helpers';

// Issue 34 §4: calendar_events.sequence, the revision of an event that calendar apps read as its ICS
// SEQUENCE (RFC 5545 §3.8.7.4). Every change of the event adds one in the statement that makes it, so
// two edits at once still count twice. Rows written before start at 0. LAST-MODIFIED is read from the
// updated_at the table already has.

export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('calendar_events').addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('calendar_events').dropColumn('sequence').execute();
}
