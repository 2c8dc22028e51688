import { Migrator, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import { migrations } from '../../db/migrations/index';
import { createFreshDatabase, type FreshDatabase, testDatabases } from '../../test/databases';
import type { TestPerson } from '../../test/factories';
import { describeOnDatabases, type Org } from '../../test/harness';
import { importKit } from '../../test/import-test-kit';
import { sortKeyOf } from './sort-key';

const key = (last: string, first: string, last2: string | null = null) => sortKeyOf({ first_name: first, last_name: last, last_name2: last2 });

describe('sort key', () => {
  it('folds case, accents and letters without a decomposition, and parts surnames from first names', () => {
    expect(key('Álvarez', 'José', 'Núñez')).toBe('alvarez\tnunez\tjose');
    expect(key("O'Neil-Strauß", 'Ægir')).toBe('oneil strauss\t\taegir');
    expect(key('  de   la Hoz ', 'ana')).toBe('de la hoz\t\tana');
    const sorted = [key('Zapata', 'Ana'), key('alonso', 'Beto'), key('Álvarez', 'Ana'), key('De la Hoz', 'Ana'), key('De', 'Zoe')].sort();
    expect(sorted).toEqual([key('alonso', 'Beto'), key('Álvarez', 'Ana'), key('De', 'Zoe'), key('De la Hoz', 'Ana'), key('Zapata', 'Ana')]);
  });
});

// What people expect: the A's together whatever their case and accents, and Zapata last.
const expected = ['alonso, carla', 'Álvarez, Bruno', 'Ávila, ana', 'Ébano, Eva', 'ñandú, Nico', 'Núñez, Olga', 'Orozco, Pía', 'Zapata, Zoe'];

describeOnDatabases('people listed in name order', (t) => {
  let school: Org;
  let classA: number;
  let admin: TestPerson;
  let token: string;
  const names = (list: { firstName: string; lastName: string }[]) => list.map((p) => `${p.lastName}, ${p.firstName}`);

  beforeAll(async () => {
    school = await t.makeSchool();
    classA = (await t.makeTree(school)).classA;
    admin = await t.makePerson(school, { role: 'admin', firstName: 'Adela', lastName: 'Admin' });
    token = await t.signIn(admin);
    // Written by every path that stores names: the factory (insertPerson), a rename, an import.
    for (const [lastName, firstName] of [['Zapata', 'Zoe'], ['alonso', 'carla'], ['Ávila', 'ana'], ['ñandú', 'Nico'], ['Núñez', 'Olga'], ['Orozco', 'Pía']]) {
      await t.makePerson(school, { role: 'student', node: classA, firstName, lastName });
    }
    const renamed = await t.makePerson(school, { role: 'student', node: classA, firstName: 'Bruno', lastName: 'Zz' });
    const patch = await t.request({ method: 'PATCH', url: `/api/${school.code}/people/${renamed.id}`, token, body: { lastName: 'Álvarez' } });
    expect(patch.statusCode, patch.body).toBe(200);
    const imported = await importKit(t, school, token).importCsv(classA, 'Nombre,Apellido,Documento\nEva,Ébano,SORT-1\n');
    expect(imported.statusCode, imported.body).toBe(200);
  });

  it('orders the directory', async () => {
    const res = await t.request({ method: 'GET', url: `/api/${school.code}/people?node=${classA}&role=student`, token });
    expect(res.statusCode, res.body).toBe(200);
    expect(names(res.json())).toEqual(expected);
    // Paging follows the same order.
    const second = await t.request({ method: 'GET', url: `/api/${school.code}/people?node=${classA}&role=student&limit=3&page=2`, token });
    expect(names(second.json())).toEqual(expected.slice(3, 6));
  });

  it("orders a node's members and their CSV export", async () => {
    const members = await t.request({ method: 'GET', url: `/api/${school.code}/nodes/${classA}/members`, token });
    expect(members.statusCode, members.body).toBe(200);
    const students = members.json().filter((m: { role: string }) => m.role === 'student');
    expect(names(students)).toEqual(expected);
    const csv = await t.request({ method: 'GET', url: `/api/${school.code}/nodes/${classA}/members.csv`, token });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split(/\r?\n/).slice(1);
    // Spanish (the default) separates with ';': its decimal separator is the comma.
    expect(lines.map((line) => line.split(';').slice(0, 2).reverse().join(', '))).toEqual(expected);
  });

  it('orders the sample of an audience', async () => {
    const res = await t.request({
      method: 'POST',
      url: `/api/${school.code}/audiences/preview`,
      token,
      body: { rules: { field: 'node', op: 'eq', args: [classA] } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(names(res.json().sample)).toEqual(expected);
  });
});

for (const kind of testDatabases) {
  describe.skipIf(kind.skip)(`migration 010 on ${kind.label}`, () => {
    let fresh: FreshDatabase;
    beforeAll(async () => {
      fresh = await createFreshDatabase(kind);
    });
    afterAll(async () => fresh?.drop());

    it('fills the sort key of people stored before it, so the order holds at once', async () => {
      const { db } = openDatabase(fresh);
      try {
        expect((await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateTo('009-jobs')).error).toBeUndefined();
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the database as an older migration left it
        const old = db as unknown as Kysely<any>;
        const { id: orgId } = await old.insertInto('orgs').values({ code: 'm10', title: 'M10', settings: '{}', created_at: '2026-01-01' }).returning('id').executeTakeFirstOrThrow();
        for (const [last_name, first_name] of [['Zapata', 'Zoe'], ['Álvarez', 'Bruno'], ['alonso', 'carla']]) {
          await old.insertInto('people').values({ org_id: orgId, first_name, last_name, is_admin: 0, created_at: '2026-01-01' }).execute();
        }
        expect((await migrateToLatest(db))[0]).toBe('010-people-sort-key');
        const rows = await db.selectFrom('people').select(['last_name', 'sort_key']).where('org_id', '=', orgId).orderBy('sort_key').execute();
        expect(rows).toEqual([
          { last_name: 'alonso', sort_key: 'alonso\t\tcarla' },
          { last_name: 'Álvarez', sort_key: 'alvarez\t\tbruno' },
          { last_name: 'Zapata', sort_key: 'zapata\t\tzoe' },
        ]);
      } finally {
        await db.destroy();
      }
    });
  });
}
