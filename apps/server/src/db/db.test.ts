import { expect, it } from 'vitest';
import { buildApp } from '../app';
import { createFreshDatabase, testDatabases } from '../test/databases';
import { testConfig } from '../test/harness';
import { describe } from 'vitest';
import { type Kysely, Migrator, sql } from 'kysely';
import { openDatabase } from './database';
import { migrateToLatest } from './migrate';
import { migrations } from './migrations/index';
import { seedDemoSchools } from './seed/index';
import { basic } from '../test/factories';

for (const kind of testDatabases) {
  describe.skipIf(kind.skip)(`database set-up on ${kind.label}`, () => {
    it('migrates an empty database, and a second run changes nothing', async () => {
      const fresh = await createFreshDatabase(kind);
      const { db } = openDatabase(fresh);
      try {
        expect(await migrateToLatest(db)).toEqual(Object.keys(migrations).sort());
        expect(await migrateToLatest(db)).toEqual([]);
        const tables = (await db.introspection.getTables()).map((t) => t.name);
        for (const table of ['orgs', 'people', 'relationships', 'nodes', 'memberships', 'devices', 'login_tokens', 'i18n_overrides', 'route_stops']) {
          expect(tables).toContain(table);
        }
      } finally {
        await db.destroy();
        await fresh.drop();
      }
    });

    it('fills the search key of people stored before migration 004, in batches', async () => {
      const fresh = await createFreshDatabase(kind);
      const { db } = openDatabase(fresh);
      try {
        const before = new Migrator({ db, provider: { getMigrations: async () => migrations } });
        expect((await before.migrateTo('003-import-registration')).error).toBeUndefined();
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the database as an older migration left it
        const old = db as unknown as Kysely<any>;
        const org = await old.insertInto('orgs').values({ code: 'm4', title: 'M4', settings: '{}', created_at: '2026-01-01' }).returning('id').executeTakeFirstOrThrow();
        const people = Array.from({ length: 1_203 }, (_, i) => ({
          org_id: org.id, first_name: i === 0 ? 'José María' : `P${i}`, last_name: i === 0 ? 'PÉREZ' : 'Gómez', last_name2: i === 0 ? 'Núñez' : null,
          document: i === 0 ? 'CC 79|1' : null, is_admin: 0, created_at: '2026-01-01',
        }));
        for (let i = 0; i < people.length; i += 200) await old.insertInto('people').values(people.slice(i, i + 200)).execute();

        expect(await migrateToLatest(db)).toContain('004-people-search');
        const keys = await db.selectFrom('people').select('search_key').orderBy('id').execute();
        expect(keys).toHaveLength(1_203);
        expect(keys[0].search_key).toBe('jose maria|perez|nunez|cc 79 1');
        expect(keys.at(-1)!.search_key).toBe('p1202|gomez||');
      } finally {
        await db.destroy();
        await fresh.drop();
      }
    });

    it('item 1: migration 007 moves what old pending and rejected registrations created into their form and deletes it', async () => {
      const fresh = await createFreshDatabase(kind);
      const { db } = openDatabase(fresh);
      try {
        const before = new Migrator({ db, provider: { getMigrations: async () => migrations } });
        expect((await before.migrateTo('006-document-keys')).error).toBeUndefined();
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the database as an older migration left it
        const old = db as unknown as Kysely<any>;
        const at = '2026-01-01T00:00:00.000Z';
        const org = await old.insertInto('orgs').values({ code: 'm7', title: 'M7', settings: '{}', created_at: at }).returning('id').executeTakeFirstOrThrow();
        const o = org.id;
        const type = await old.insertInto('node_types').values({ org_id: o, key: 'class', singular: '{}', plural: '{}' }).returning('id').executeTakeFirstOrThrow();
        const course = await old.insertInto('nodes').values({ org_id: o, parent_id: null, type_id: type.id, name: '3A', position: 0, created_at: at }).returning('id').executeTakeFirstOrThrow();
        const person = async (first: string, document: string, extra: Record<string, unknown> = {}) =>
          (await old.insertInto('people').values({
            org_id: o, first_name: first, last_name: 'Ruiz', last_name2: null, document, document_key: document, gender: 'female',
            birthday: '2015-01-01', is_admin: 0, created_at: at, search_key: `${first.toLowerCase()}|ruiz||${document.toLowerCase()}`, ...extra,
          }).returning('id').executeTakeFirstOrThrow()).id as number;
        const relate = (child: number, relative: number, kind: string, inverse: string) =>
          old.insertInto('relationships').values([
            { org_id: o, person_id: child, relative_id: relative, kind, created_at: at },
            { org_id: o, person_id: relative, relative_id: child, kind: inverse, created_at: at },
          ]).execute();
        const member = (personId: number, status: string) =>
          old.insertInto('memberships').values({ org_id: o, node_id: course.id, person_id: personId, role: 'student', enrollment_status: status, created_at: at }).execute();
        const register = (personId: number, status: string) =>
          old.insertInto('registrations').values({
            org_id: o, person_id: personId, status, language: 'es', token_hash: `h${personId}`, token_expires_at: at, email_verified_at: at, created_at: at,
          }).execute();

        // Pending: a child and a grandmother the old code created; the child's record was later claimed by an import.
        const pendingParent = await person('Laura', 'CC1', { username: 'laura@example.com', password_hash: 'hash', email: 'laura@example.com' });
        const child = await person('Tomás', 'TI1');
        const grandmother = await person('Rosa', 'CC2', { mobile: '300' });
        const claimed = await person('Ana', 'TI2');
        const realMother = await person('Marta', 'CC3');
        await relate(child, pendingParent, 'mother', 'son');
        await relate(child, grandmother, 'grandmother', 'grandson');
        await relate(claimed, pendingParent, 'mother', 'daughter');
        await relate(claimed, realMother, 'mother', 'daughter');
        await member(child, 'pending');
        await member(claimed, 'active');
        await register(pendingParent, 'pending');
        // Rejected: its child goes, and the account loses its password.
        const rejectedParent = await person('Pilar', 'CC4', { username: 'pilar@example.com', password_hash: 'hash' });
        const rejectedChild = await person('Iván', 'TI3');
        await relate(rejectedChild, rejectedParent, 'mother', 'son');
        await member(rejectedChild, 'withdrawn');
        await register(rejectedParent, 'rejected');
        // Approved: left as it is.
        const approvedParent = await person('Sara', 'CC5', { username: 'sara@example.com', password_hash: 'hash' });
        const approvedChild = await person('Leo', 'TI4');
        await relate(approvedChild, approvedParent, 'mother', 'son');
        await member(approvedChild, 'active');
        await register(approvedParent, 'approved');

        expect(await migrateToLatest(db)).toContain('007-stage-registrations');
        const ids = (await db.selectFrom('people').select('id').where('org_id', '=', o).orderBy('id').execute()).map((r) => r.id);
        expect(ids).toEqual([pendingParent, claimed, realMother, rejectedParent, approvedParent, approvedChild]);
        const forms = await db.selectFrom('registrations').select(['person_id', 'form']).where('org_id', '=', o).orderBy('id').execute();
        expect(JSON.parse(forms[0].form!)).toEqual({
          parentDocument: 'CC1',
          children: [
            { firstName: 'Tomás', lastName: 'Ruiz', lastName2: null, document: 'TI1', gender: 'female', birthday: '2015-01-01', course: course.id },
            { firstName: 'Ana', lastName: 'Ruiz', lastName2: null, document: 'TI2', gender: 'female', birthday: '2015-01-01', course: null },
          ],
          relatives: [
            { firstName: 'Rosa', lastName: 'Ruiz', lastName2: null, document: 'CC2', gender: 'female', birthday: '2015-01-01', email: null, mobile: '300', kind: 'grandmother' },
          ],
        });
        expect(JSON.parse(forms[1].form!)).toMatchObject({ parentDocument: 'CC4', children: [{ firstName: 'Iván' }], relatives: [] });
        expect(forms[2].form).toBeNull();
        // The registrant is related to nobody and holds no document; the claimed child keeps its real family.
        const links = await db.selectFrom('relationships').select(['person_id', 'relative_id']).where('org_id', '=', o).orderBy('id').execute();
        expect(links).toEqual([
          { person_id: claimed, relative_id: realMother }, { person_id: realMother, relative_id: claimed },
          { person_id: approvedChild, relative_id: approvedParent }, { person_id: approvedParent, relative_id: approvedChild },
        ]);
        const parents = await db.selectFrom('people').select(['id', 'document', 'document_key', 'password_hash', 'search_key'])
          .where('id', 'in', [pendingParent, rejectedParent, approvedParent]).orderBy('id').execute();
        expect(parents).toEqual([
          { id: pendingParent, document: null, document_key: null, password_hash: 'hash', search_key: 'laura|ruiz||' },
          { id: rejectedParent, document: null, document_key: null, password_hash: null, search_key: 'pilar|ruiz||' },
          { id: approvedParent, document: 'CC5', document_key: 'CC5', password_hash: 'hash', search_key: 'sara|ruiz||cc5' },
        ]);
        const memberships = await db.selectFrom('memberships').select(['person_id', 'enrollment_status']).where('org_id', '=', o).orderBy('id').execute();
        expect(memberships).toEqual([{ person_id: claimed, enrollment_status: 'active' }, { person_id: approvedChild, enrollment_status: 'active' }]);
      } finally {
        await db.destroy();
        await fresh.drop();
      }
    });

    it.skipIf(kind.name === 'SQLite')('a connection closed by the server while a transaction holds it fails that transaction, not the process', async () => {
      const { db, pool } = openDatabase({ databaseUrl: process.env.PATIO_TEST_PG_URL, dataDir: '/nonexistent' });
      const killer = await pool!.connect();
      try {
        await expect(
          db.transaction().execute(async (trx) => {
            const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(trx);
            await killer.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
            // The closed connection's 'error' event arrives between statements, when no query listens.
            await new Promise((resolve) => setTimeout(resolve, 200));
            await sql`SELECT 1`.execute(trx);
          }),
        ).rejects.toThrow();
        expect(Number((await sql<{ one: number }>`SELECT 1 AS one`.execute(db)).rows[0]!.one)).toBe(1);
      } finally {
        killer.release();
        await db.destroy();
      }
    });

    // Two connections in one Node process would deadlock SQLite's synchronous busy wait; SQLite is the
    // one-process default (migrations there run in BEGIN IMMEDIATE), PostgreSQL the many-process path.
    it.skipIf(kind.name === 'SQLite')('seeds once when two servers start on the same empty database at the same time', async () => {
      const fresh = await createFreshDatabase(kind);
      const config = testConfig(fresh, { seedDemo: true });
      const apps = await Promise.all([buildApp(config), buildApp(config)]);
      try {
        const orgs = await apps[1].patio.db.selectFrom('orgs').select(['id', 'code']).orderBy('code').execute();
        expect(orgs.map((o) => o.code)).toEqual(['demo', 'norte']);
        for (const org of orgs) {
          const admins = await apps[0].patio.db.selectFrom('people').select('id').where('org_id', '=', org.id).where('username', '=', 'admin').execute();
          expect(admins).toHaveLength(1);
        }
      } finally {
        await Promise.all(apps.map((app) => app.close()));
        await fresh.drop();
      }
    });

    it('seeds the demo school once, with the five accounts and its families, tree and bus route', async () => {
      const fresh = await createFreshDatabase(kind);
      const app = await buildApp(testConfig(fresh, { seedDemo: true }));
      try {
        const { db } = app.patio;
        const { id: o } = await db.selectFrom('orgs').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow();
        const count = async (table: 'people' | 'relationships' | 'nodes' | 'memberships' | 'route_stops' | 'i18n_overrides') =>
          Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where('org_id', '=', o).executeTakeFirstOrThrow()).n);
        const before = {
          people: await count('people'),
          relationships: await count('relationships'),
          nodes: await count('nodes'),
          memberships: await count('memberships'),
          stops: await count('route_stops'),
          terms: await count('i18n_overrides'),
        };
        expect(before.people).toBeGreaterThanOrEqual(55);
        // Families can register themselves in the demo school (/register).
        const registration = await app.inject({ method: 'GET', url: '/api/demo/registration' });
        expect(registration.json()).toMatchObject({ enabled: true, courses: expect.arrayContaining([expect.objectContaining({ name: '3A' })]) });
        // Last year's classes stay in the archive for their outcomes; families cannot pick them.
        expect(registration.json().courses.map((c: { name: string }) => c.name)).toEqual(['3A', '5A', '7A', '9A']);
        expect(before.stops).toBe(6);
        expect(await seedDemoSchools(db)).toEqual({ ran: [] });
        expect(await count('people')).toBe(before.people);
        expect(await count('relationships')).toBe(before.relationships);
        expect(await count('memberships')).toBe(before.memberships);

        const accounts = await db.selectFrom('people').select(['id', 'username', 'is_admin']).where('org_id', '=', o).where('username', 'is not', null).orderBy('id').execute();
        expect(accounts).toEqual([
          { id: 1, username: 'admin', is_admin: 1 },
          { id: 2, username: 'teacher', is_admin: 0 },
          { id: 3, username: 'parent', is_admin: 0 },
          { id: 4, username: 'student', is_admin: 0 },
          { id: 5, username: 'driver', is_admin: 0 },
        ]);
        for (const username of ['admin', 'teacher', 'parent', 'student', 'driver']) {
          const res = await app.inject({
            method: 'POST',
            url: '/api/demo/oauth/token',
            headers: { authorization: basic(username, 'demo1234') },
            payload: { grant_type: 'client_credentials' },
          });
          expect(res.statusCode, username).toBe(200);
        }

        // The parent's two children are in different classes; the student is one of them.
        const children = await db
          .selectFrom('relationships as r')
          .innerJoin('memberships as m', (j) => j.onRef('m.person_id', '=', 'r.person_id').onRef('m.org_id', '=', 'r.org_id'))
          .innerJoin('nodes as n', (j) => j.onRef('n.id', '=', 'm.node_id').onRef('n.org_id', '=', 'm.org_id'))
          .select(['r.person_id', 'n.name', 'r.kind'])
          .where('r.org_id', '=', o)
          .where('r.relative_id', '=', 3)
          .where('m.role', '=', 'student')
          .where('n.name', 'in', ['3A', '5A', '7A', '9A'])
          .orderBy('r.person_id')
          .execute();
        expect(children).toEqual([
          { person_id: 4, name: '7A', kind: 'father' },
          { person_id: expect.any(Number), name: '3A', kind: 'father' },
        ]);
        const teacherRoles = await db.selectFrom('memberships').select('role').where('org_id', '=', o).where('person_id', '=', 2).execute();
        expect(teacherRoles.map((r) => r.role)).toEqual(expect.arrayContaining(['teacher', 'group_director']));
        const stepParents = await db.selectFrom('relationships').select('kind').where('org_id', '=', o).where('kind', 'in', ['stepfather', 'stepmother']).execute();
        expect(stepParents).toHaveLength(2);

        // Issue 3: groups, enrollments in several states, last year's outcomes, clinic data, contacts.
        const statuses = await db.selectFrom('memberships').select('enrollment_status').distinct().where('org_id', '=', o).where('role', '=', 'student').execute();
        expect(statuses.map((r) => r.enrollment_status).sort()).toEqual(['active', 'inactive', 'inscribed', 'pending', 'suspended', 'withdrawn']);
        const outcomes = await db.selectFrom('memberships').select('outcome').distinct().where('org_id', '=', o).where('school_year', '=', '2025').execute();
        expect(outcomes.map((r) => r.outcome).sort()).toEqual(['must_repeat', 'promoted', 'to_define']);
        const groups = await db.selectFrom('nodes').select('name').where('org_id', '=', o).where('name', 'in', ['Fútbol', 'Selección de baloncesto']).execute();
        expect(groups).toHaveLength(2);
        for (const type of await db.selectFrom('node_types').select(['singular', 'plural']).where('org_id', '=', o).execute()) {
          expect(Object.keys(JSON.parse(type.singular)).sort()).toEqual(['de', 'en', 'es', 'fr', 'it', 'pt']);
          expect(Object.keys(JSON.parse(type.plural)).sort()).toEqual(['de', 'en', 'es', 'fr', 'it', 'pt']);
        }
        const student = await db.selectFrom('people').select(['blood_type', 'avatar']).where('org_id', '=', o).where('username', '=', 'student').executeTakeFirstOrThrow();
        expect(student).toEqual({ blood_type: 'O+', avatar: null });
        expect(await db.selectFrom('people').select('id').where('org_id', '=', o).where('is_contact', '=', 1).execute()).toHaveLength(2);
      } finally {
        await app.close();
        await fresh.drop();
      }
    });
  });
}
