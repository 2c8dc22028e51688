import type { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFreshDatabase, type FreshDatabase, testDatabases } from '../test/databases';
import { compiledQuery } from './compiled-query';
import { type Database, type DatabaseHandle, openDatabase } from './database';
import { migrateToLatest } from './migrate';
import { takeTenantRefusals, withTenantGuard } from './tenant-guard';

const now = () => new Date().toISOString();

/** `db` that also records the SQL text of every query it runs. */
function recording(db: Database, texts: string[]): Database {
  return new Proxy(db, {
    get(target, key) {
      if (key === 'executeQuery') {
        return (query: CompiledQuery) => {
          texts.push(query.sql);
          return target.executeQuery(query);
        };
      }
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

for (const kind of testDatabases) {
  describe.skipIf(kind.skip)(`compiled queries on ${kind.label}`, () => {
    let fresh: FreshDatabase;
    let handle: DatabaseHandle;
    let db: Database;
    let orgA: number;
    let orgB: number;
    const names = ['Ada', 'Bo', 'Cy', 'Di', 'Ed', 'Fe', 'Gus', 'Hal', 'Ivy'];

    beforeAll(async () => {
      fresh = await createFreshDatabase(kind);
      handle = openDatabase(fresh);
      await migrateToLatest(handle.db);
      db = await withTenantGuard(handle.db);
      const insertOrg = async (code: string) =>
        (await db.insertInto('orgs').values({ code, title: code, logo: null, settings: '{}', created_at: now() }).returning('id').executeTakeFirstOrThrow()).id;
      orgA = await insertOrg('compiled-a');
      orgB = await insertOrg('compiled-b');
      const person = (orgId: number, first_name: string) => ({
        org_id: orgId, first_name, last_name: 'Compiled', is_admin: 0, created_at: now(), search_key: first_name.toLowerCase(), sort_key: first_name.toLowerCase(),
      });
      await db.insertInto('people').values([...names.map((n) => person(orgA, n)), person(orgB, 'Ada')]).execute();
    });
    afterAll(async () => {
      await handle?.db.destroy();
      await fresh?.drop();
    });

    const byNames = compiledQuery((d, p: { orgId: number; names: string[] }) =>
      d.selectFrom('people').select('first_name').where('org_id', '=', p.orgId).where('first_name', 'in', p.names).orderBy('first_name'),
    );

    it('answers lists of every length from one compiled form per power of two', async () => {
      const texts: string[] = [];
      for (let length = 1; length <= names.length; length++) {
        const wanted = names.slice(0, length).reverse();
        const rows = await byNames.execute(recording(db, texts), { orgId: orgA, names: wanted });
        expect(rows.map((r) => r.first_name)).toEqual(names.slice(0, length));
      }
      // 1, 2, 3–4, 5–8 and 9–16 names.
      expect(new Set(texts).size).toBe(5);
      // Repeated values, and another school's rows, change nothing.
      expect((await byNames.execute(db, { orgId: orgA, names: ['Cy', 'Cy', 'Ada'] })).map((r) => r.first_name)).toEqual(['Ada', 'Cy']);
      expect((await byNames.execute(db, { orgId: orgB, names: ['Ada', 'Bo', 'Cy'] })).map((r) => r.first_name)).toEqual(['Ada']);
    });

    it('compiles each variant once and runs it with its own SQL', async () => {
      const shortNames = { maxLength: 2 };
      const longNames = { maxLength: 3 };
      const named = compiledQuery((d, p: { orgId: number }, variant: { maxLength: number } | 'all') => {
        const query = d.selectFrom('people').select('first_name').where('org_id', '=', p.orgId).orderBy('first_name');
        return variant === 'all' ? query : query.where('first_name', 'in', names.filter((n) => n.length <= variant.maxLength));
      });
      const texts: string[] = [];
      const run = async (variant: { maxLength: number } | 'all') =>
        (await named.execute(recording(db, texts), { orgId: orgA }, variant)).map((r) => r.first_name);
      for (let i = 0; i < 2; i++) {
        expect(await run(shortNames)).toEqual(['Bo', 'Cy', 'Di', 'Ed', 'Fe']);
        expect(await run(longNames)).toEqual(names);
        expect(await run('all')).toEqual(names);
      }
      expect(new Set(texts).size).toBe(3);
      expect(await named.takeFirst(db, { orgId: orgB }, 'all')).toEqual({ first_name: 'Ada' });
    });

    it('is still refused by the tenant guard when it forgets the school', async () => {
      const unscoped = compiledQuery((d, p: { name: string }) => d.selectFrom('people').select('id').where('first_name', '=', p.name));
      takeTenantRefusals(); // only this test's refusal counts (suites share the process)
      await expect(unscoped.execute(db, { name: 'Ada' })).rejects.toThrow(/select from people without an org_id condition/);
      expect(takeTenantRefusals()).toHaveLength(1);
    });
  });
}
