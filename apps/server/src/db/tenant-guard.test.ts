import { DummyDriver, Kysely, sql, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFreshDatabase, type FreshDatabase, testDatabases } from '../test/databases';
import { openDatabase } from './database';
import { migrateToLatest } from './migrate';
import { findTenantTables, takeTenantRefusals, TenantGuard, TenantScopeError, withTenantGuard } from './tenant-guard';

// The checks are about the query tree, so most cases only compile (the guard runs on compile too);
// the last suite runs the guard on real databases.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tables of the test's own
const db = new Kysely<any>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new SqliteIntrospector(k),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
}).withPlugin(new TenantGuard(new Set(['people', 'memberships', 'relationships'])));

const refused = (build: () => { compile: () => unknown }) => expect(() => build().compile()).toThrow(TenantScopeError);
const passes = (build: () => { compile: () => unknown }) => expect(() => build().compile()).not.toThrow();

describe('tenant guard', () => {
  it('refuses a select of a tenant table without org_id and passes it with one', () => {
    refused(() => db.selectFrom('people').selectAll().where('id', '=', 1));
    passes(() => db.selectFrom('people').selectAll().where('org_id', '=', 1).where('id', '=', 1));
    passes(() => db.selectFrom('people').selectAll().where('people.org_id', 'in', [1, 2]));
    passes(() => db.selectFrom('people').selectAll().where(sql.ref('org_id'), '=', sql`${1}`));
  });

  it('leaves platform tables alone', () => {
    passes(() => db.selectFrom('orgs').selectAll().where('code', '=', 'demo'));
    passes(() => db.insertInto('orgs').values({ code: 'x' }));
  });

  it('follows aliases', () => {
    passes(() => db.selectFrom('people as p').selectAll().where('p.org_id', '=', 1));
    refused(() =>
      db.selectFrom('people as p').innerJoin('people as q', 'q.id', 'p.id').selectAll().where('p.org_id', '=', 1),
    );
    passes(() =>
      db
        .selectFrom('people as p')
        .innerJoin('people as q', (j) => j.onRef('q.org_id', '=', 'p.org_id').onRef('q.id', '=', 'p.id'))
        .selectAll()
        .where('p.org_id', '=', 1),
    );
  });

  it('refuses a join without org_id and passes a join held by the ON or the WHERE', () => {
    refused(() =>
      db.selectFrom('memberships').innerJoin('people', 'people.id', 'memberships.person_id').selectAll().where('memberships.org_id', '=', 1),
    );
    passes(() =>
      db
        .selectFrom('memberships')
        .innerJoin('people', (j) => j.onRef('people.org_id', '=', 'memberships.org_id').onRef('people.id', '=', 'memberships.person_id'))
        .selectAll()
        .where('memberships.org_id', '=', 1),
    );
    passes(() =>
      db
        .selectFrom('memberships')
        .innerJoin('people', 'people.id', 'memberships.person_id')
        .selectAll()
        .where('memberships.org_id', '=', 1)
        .where('people.org_id', '=', 1),
    );
    // Two tables tied to each other and to no school.
    refused(() =>
      db
        .selectFrom('memberships')
        .innerJoin('people', (j) => j.onRef('people.org_id', '=', 'memberships.org_id').onRef('people.id', '=', 'memberships.person_id'))
        .selectAll(),
    );
    // A LEFT JOIN's ON filters the joined table only, never the table on the left.
    refused(() =>
      db
        .selectFrom('memberships')
        .leftJoin('people', (j) => j.onRef('people.id', '=', 'memberships.person_id').on('memberships.org_id', '=', 1))
        .selectAll()
        .where('people.org_id', '=', 1),
    );
  });

  it('counts an OR only when both sides hold org_id', () => {
    refused(() => db.selectFrom('people').selectAll().where((eb) => eb.or([eb('org_id', '=', 1), eb('id', '=', 2)])));
    passes(() =>
      db
        .selectFrom('people')
        .selectAll()
        .where((eb) => eb.or([eb.and([eb('org_id', '=', 1), eb('id', '=', 2)]), eb.and([eb('org_id', '=', 1), eb('id', '=', 3)])])),
    );
    refused(() => db.selectFrom('people').selectAll().where((eb) => eb.not(eb('org_id', '=', 1))));
    refused(() => db.selectFrom('people').selectAll().where('org_id', '<>', 1));
  });

  it('checks subqueries and union branches, which may lean on the enclosing query', () => {
    refused(() =>
      db
        .selectFrom('people')
        .selectAll()
        .where('org_id', '=', 1)
        .where((eb) => eb.exists(eb.selectFrom('memberships').select('id').whereRef('memberships.person_id', '=', 'people.id'))),
    );
    passes(() =>
      db
        .selectFrom('people')
        .selectAll()
        .where('org_id', '=', 1)
        .where((eb) =>
          eb.exists(
            eb.selectFrom('memberships').select('id').whereRef('memberships.org_id', '=', 'people.org_id').whereRef('memberships.person_id', '=', 'people.id'),
          ),
        ),
    );
    refused(() =>
      db.selectFrom('people').select('id').where('org_id', '=', 1).union(db.selectFrom('relationships').select('person_id as id')),
    );
    refused(() => db.selectFrom('people').select('id').where('org_id', '=', 1).where('id', 'in', db.selectFrom('memberships').select('person_id')));
  });

  it('refuses writes without org_id', () => {
    refused(() => db.updateTable('people').set({ first_name: 'x' }).where('id', '=', 1));
    passes(() => db.updateTable('people').set({ first_name: 'x' }).where('org_id', '=', 1).where('id', '=', 1));
    refused(() => db.updateTable('people').set({ org_id: 2 }).where('org_id', '=', 1));
    refused(() => db.deleteFrom('memberships').where('person_id', '=', 1));
    passes(() => db.deleteFrom('memberships').where('org_id', '=', 1).where('person_id', '=', 1));
    refused(() => db.insertInto('people').values({ first_name: 'x' }));
    passes(() => db.insertInto('people').values({ org_id: 1, first_name: 'x' }));
    refused(() => db.insertInto('people').columns(['first_name']).expression(db.selectFrom('people').select('first_name').where('org_id', '=', 1)));
    refused(() =>
      db.insertInto('relationships').values({ org_id: 1, person_id: 1 }).onConflict((oc) => oc.column('person_id').doUpdateSet({ kind: 'x' })),
    );
    passes(() =>
      db
        .insertInto('relationships')
        .values({ org_id: 1, person_id: 1 })
        .onConflict((oc) => oc.columns(['org_id', 'person_id']).doUpdateSet({ kind: 'x' })),
    );
  });

  it('reads whole sql`…` queries by their text', () => {
    const raw = (query: ReturnType<typeof sql>) => ({ compile: () => query.compile(db) });
    refused(() => raw(sql`select * from people where id = ${1}`));
    passes(() => raw(sql`select * from people where org_id = ${1}`));
    passes(() => raw(sql`analyze people`));
    passes(() => raw(sql`select relname from pg_stat_user_tables where relname in ('people', 'memberships')`));
  });

  it('lets a CTE shadow a table name', () => {
    passes(() =>
      db
        .with('people', (w) => w.selectFrom('memberships').select('person_id as id').where('org_id', '=', 1))
        .selectFrom('people')
        .selectAll(),
    );
  });
});

for (const kind of testDatabases) {
  describe.skipIf(kind.skip)(`tenant guard on ${kind.label}`, () => {
    let fresh: FreshDatabase;
    beforeAll(async () => {
      fresh = await createFreshDatabase(kind);
    });
    afterAll(async () => fresh?.drop());

    it('takes the tenant tables from the schema and stops an unscoped query before the database sees it', async () => {
      const { db: plain } = openDatabase(fresh);
      try {
        await migrateToLatest(plain);
        const tenant = await findTenantTables(plain);
        expect(tenant).toContain('people');
        expect(tenant).toContain('memberships');
        expect(tenant).not.toContain('orgs');
        expect(tenant).not.toContain('jobs'); // org_id nullable: a platform table
        expect([...tenant].some((t) => t.startsWith('kysely_'))).toBe(false);

        const guarded = await withTenantGuard(plain);
        const { id } = await guarded.insertInto('orgs').values({ code: 'g', title: 'G', logo: null, settings: '{}', created_at: '' }).returning('id').executeTakeFirstOrThrow();
        takeTenantRefusals();
        await expect(guarded.deleteFrom('people').where('id', '=', 1).execute()).rejects.toThrow(TenantScopeError);
        // What the harness reports after the test: the refusal and where the query was built.
        const [refusal] = takeTenantRefusals();
        expect(refusal).toContain('Tenant guard: delete from people without an org_id condition on it');
        expect(refusal).toContain('tenant-guard.test.ts');
        await expect(guarded.transaction().execute((trx) => trx.selectFrom('memberships').selectAll().execute())).rejects.toThrow(TenantScopeError);
        expect(takeTenantRefusals()).toHaveLength(1);
        expect(await guarded.selectFrom('people').selectAll().where('org_id', '=', id).execute()).toEqual([]);
      } finally {
        await plain.destroy();
      }
    });
  });
}
