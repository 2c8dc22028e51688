import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';

/**
 * One migrated database per dialect for a whole test run: each suite starts from a copy (a copied file
 * on SQLite, CREATE DATABASE … TEMPLATE on PostgreSQL) instead of running every migration again.
 */
export interface DatabaseTemplates {
  /** The migrated SQLite file to copy. */
  sqliteFile: string;
  /** The migrated PostgreSQL database to copy; null without PATIO_TEST_PG_URL. */
  postgresName: string | null;
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

/** The names a template's copy may take (only lowercase letters, digits and underscores, for SQL). */
export const uniqueDatabaseName = (prefix: string) => `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;

async function migrate(options: { dataDir: string; databaseUrl?: string }): Promise<void> {
  const { db } = openDatabase(options);
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
}

async function onPostgres<T>(pgUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Makes the templates; answers them and how to drop them. */
export async function createDatabaseTemplates(pgUrl: string | undefined): Promise<{ templates: DatabaseTemplates; drop: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'patio-template-'));
  await migrate({ dataDir: dir });
  let postgresName: string | null = null;
  if (pgUrl) {
    const name = uniqueDatabaseName('patio_template');
    await onPostgres(pgUrl, (client) => client.query(`CREATE DATABASE ${name}`));
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    await migrate({ dataDir: dir, databaseUrl: url.toString() });
    postgresName = name;
  }
  return {
    templates: { sqliteFile: join(dir, 'patio.sqlite'), postgresName },
    drop: async () => {
      rmSync(dir, { recursive: true, force: true });
      if (pgUrl && postgresName) await onPostgres(pgUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${postgresName} WITH (FORCE)`));
    },
  };
}
