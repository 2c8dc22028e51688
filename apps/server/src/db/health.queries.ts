import { sql } from 'kysely';
import type { Database } from './database';

// What GET /api/ready asks the database: that it answers, and which migrations it has run.

/** The cheapest round trip to the database; throws when it cannot be reached. */
export async function pingDatabase(db: Database): Promise<void> {
  await sql`select 1`.execute(db);
}

/** Names of the migrations the database has run (Kysely's default table, as db/migrate.ts uses it). */
export async function executedMigrationNames(db: Database): Promise<string[]> {
  const result = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
  return result.rows.map((row) => row.name);
}
