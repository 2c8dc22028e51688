import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { uniqueDatabaseName } from './database-templates';

/** Where a test suite runs: SQLite always; PostgreSQL when PATIO_TEST_PG_URL is set. */
export interface TestDatabaseKind {
  name: 'SQLite' | 'PostgreSQL';
  /** Shown in the suite name; says how to enable a skipped PostgreSQL run. */
  label: string;
  skip: boolean;
}

const pgUrl = process.env.PATIO_TEST_PG_URL;

export const testDatabases: TestDatabaseKind[] = [
  { name: 'SQLite', label: 'SQLite', skip: false },
  { name: 'PostgreSQL', label: pgUrl ? 'PostgreSQL' : 'PostgreSQL (set PATIO_TEST_PG_URL)', skip: !pgUrl },
];

/** A fresh, empty database for one suite and how to throw it away. */
export interface FreshDatabase {
  dataDir: string;
  databaseUrl?: string;
  drop: () => Promise<void>;
}

/** A fresh, empty database (for the tests of migrations and of a database's first start). */
export function createFreshDatabase(kind: TestDatabaseKind): Promise<FreshDatabase> {
  return createDatabase(kind, null);
}

/**
 * A fresh database with every migration applied, copied from the run's template (test/global-setup.ts):
 * what a suite's app starts on.
 */
export function createMigratedDatabase(kind: TestDatabaseKind): Promise<FreshDatabase> {
  const templates = inject('databaseTemplates');
  return createDatabase(kind, kind.name === 'SQLite' ? templates.sqliteFile : templates.postgresName);
}

async function createDatabase(kind: TestDatabaseKind, template: string | null): Promise<FreshDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'patio-test-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (kind.name === 'SQLite') {
    if (template) copyFileSync(template, join(dataDir, 'patio.sqlite'));
    return { dataDir, drop: async () => removeDir() };
  }

  const name = uniqueDatabaseName('patio_test');
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  try {
    await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(pgUrl!);
  url.pathname = `/${name}`;
  return {
    dataDir,
    databaseUrl: url.toString(),
    drop: async () => {
      removeDir();
      const client = new pg.Client({ connectionString: pgUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
