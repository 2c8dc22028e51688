import { Migrator } from 'kysely';
import type { Database } from './database';
import { migrations } from './migrations/index';

/** Brings the schema up to date; safe to run on every start and from several processes. */
export async function migrateToLatest(db: Database): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
