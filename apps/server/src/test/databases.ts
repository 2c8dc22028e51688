import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

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

export async function createFreshDatabase(kind: TestDatabaseKind): Promise<FreshDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'patio-test-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (kind.name === 'SQLite') return { dataDir, drop: async () => removeDir() };

  const name = `patio_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
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
