import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase } from './database';
import { createFreshDatabase, testDatabases } from '../test/databases';

const postgres = testDatabases.find((d) => d.name === 'PostgreSQL')!;

describe.skipIf(postgres.skip)('PostgreSQL connection pool', () => {
  it('survives the server closing an idle connection and answers the next query', async () => {
    const fresh = await createFreshDatabase(postgres);
    const { db } = openDatabase({ databaseUrl: fresh.databaseUrl, dataDir: fresh.dataDir });
    try {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db);
      const admin = new pg.Client({ connectionString: fresh.databaseUrl });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [rows[0].pid]);
      await admin.end();
      await new Promise((resolve) => setTimeout(resolve, 100));
      const again = await sql<{ one: number }>`select 1 as one`.execute(db);
      expect(again.rows[0].one).toBe(1);
    } finally {
      await db.destroy();
      await fresh.drop();
    }
  });
});
