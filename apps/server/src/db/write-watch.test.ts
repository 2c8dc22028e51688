import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFreshDatabase, type FreshDatabase, testDatabases } from '../test/databases';
import { compiledQuery } from './compiled-query';
import { insertPerson } from '../modules/people/people.queries';
import { type Database, type DatabaseHandle, openDatabase } from './database';
import { migrateToLatest } from './migrate';
import type { TableWrite } from './write-watch';

const now = () => new Date().toISOString();

for (const kind of testDatabases) {
  describe.skipIf(kind.skip)(`write watch and compiled queries on ${kind.label}`, () => {
    let fresh: FreshDatabase;
    let handle: DatabaseHandle;
    let orgA: number;
    let orgB: number;
    const seen: TableWrite[][] = [];

    beforeAll(async () => {
      fresh = await createFreshDatabase(kind);
      handle = openDatabase(fresh);
      await migrateToLatest(handle.db);
      const insertOrg = async (code: string) =>
        (await handle.db.insertInto('orgs').values({ code, title: code, logo: null, settings: '{}', created_at: now() }).returning('id').executeTakeFirstOrThrow()).id;
      orgA = await insertOrg('watch-a');
      orgB = await insertOrg('watch-b');
      handle.writes.subscribe((writes) => seen.push(writes));
    });
    afterAll(async () => {
      await handle?.db.destroy();
      await fresh?.drop();
    });

    const addPerson = (db: Database, orgId: number, firstName: string) =>
      insertPerson(db, orgId, {
        first_name: firstName, last_name: 'Watch', last_name2: null, document: null, username: null, password_hash: null, email: null,
        mobile: null, gender: null, birthday: null, student_code: null, language: null, avatar: null,
      });

    it('reports a write with its table and school once it has run, and no read', async () => {
      seen.length = 0;
      const { id } = await addPerson(handle.db, orgA, 'Ana');
      await handle.db.updateTable('people').set({ is_admin: 1 }).where('org_id', '=', orgA).where('id', '=', id).execute();
      await handle.db.selectFrom('people').selectAll().where('org_id', '=', orgA).execute();
      await handle.db.deleteFrom('people').where('id', '=', id).where('org_id', '=', orgA).execute();
      await sql`update people set is_admin = 0 where org_id = ${orgB}`.execute(handle.db);
      expect(seen).toEqual([
        [{ table: 'people', orgIds: [orgA] }],
        [{ table: 'people', orgIds: [orgA] }],
        [{ table: 'people', orgIds: [orgA] }],
        // Raw SQL does not say which school: every school.
        [{ table: 'people', orgIds: null }],
      ]);
    });

    it('reports the writes of a transaction when it commits, and nothing when it rolls back', async () => {
      seen.length = 0;
      await handle.db
        .transaction()
        .execute(async (trx) => {
          await addPerson(trx, orgA, 'Bea');
          throw new Error('roll back');
        })
        .catch(() => {});
      expect(seen).toEqual([]);
      await handle.db.transaction().execute(async (trx) => {
        await addPerson(trx, orgA, 'Cai');
        await addPerson(trx, orgB, 'Cy');
        expect(seen).toEqual([]);
        await trx.deleteFrom('people').where('org_id', '=', orgB).where('first_name', '=', 'Cy').execute();
      });
      expect(seen).toEqual([
        [
          { table: 'people', orgIds: [orgA] },
          { table: 'people', orgIds: [orgB] },
          { table: 'people', orgIds: [orgB] },
        ],
      ]);
    });

    it('runs a compiled query with new values each time, lists of any length included', async () => {
      const names = compiledQuery((db, p: { orgId: number; names: string[]; limit: number }) =>
        db
          .selectFrom('people')
          .select('first_name')
          .where('org_id', '=', p.orgId)
          .where('first_name', 'in', p.names)
          .orderBy('first_name')
          .limit(p.limit),
      );
      for (const [orgId, name] of [[orgA, 'Dan'], [orgA, 'Eva'], [orgB, 'Dan']] as const) await addPerson(handle.db, orgId, name);
      const run = async (orgId: number, list: string[], limit = 10) => (await names.execute(handle.db, { orgId, names: list, limit })).map((r) => r.first_name);
      expect(await run(orgA, ['Dan', 'Eva', 'Cai'])).toEqual(['Cai', 'Dan', 'Eva']);
      expect(await run(orgA, ['Dan', 'Eva', 'Cai'], 2)).toEqual(['Cai', 'Dan']);
      expect(await run(orgB, ['Dan'])).toEqual(['Dan']);
      expect(await run(orgB, ['Eva', 'Zoe'])).toEqual([]);
      expect(await run(orgA, ['Eva'])).toEqual(['Eva']);
      // Inside a transaction too, where it sees the transaction's own writes.
      await handle.db
        .transaction()
        .execute(async (trx) => {
          await addPerson(trx, orgB, 'Eva');
          expect((await names.execute(trx, { orgId: orgB, names: ['Eva', 'Zoe'], limit: 10 })).map((r) => r.first_name)).toEqual(['Eva']);
          throw new Error('roll back');
        })
        .catch(() => {});
      expect(await names.takeFirst(handle.db, { orgId: orgB, names: ['Eva', 'Zoe'], limit: 10 })).toBeUndefined();
    });
  });
}
