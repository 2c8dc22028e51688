import { beforeAll, expect, it } from 'vitest';
import { insertNode } from '../nodes/nodes.queries';
import { describeOnDatabases } from '../../test/harness';
import type { TestPerson } from '../../test/factories';
import { makeRegistrant } from '../../test/registrants';
import { makeWorld, type World } from '../../test/world';

describeOnDatabases('GET people (directory)', (t) => {
  let w: World;
  let pupils: TestPerson[];
  const search = async (query: string, viewer: TestPerson = w.admin) =>
    t.request({ method: 'GET', url: `/api/${w.school.code}/people?${query}`, token: await t.signIn(viewer) });

  beforeAll(async () => {
    w = await makeWorld(t);
    pupils = [];
    for (let i = 0; i < 25; i++) {
      pupils.push(await t.makePerson(w.school, { role: 'student', node: w.tree.classB, firstName: `Zoe${i}`, lastName: `Zuluaga${String(i).padStart(2, '0')}` }));
    }
  });

  it('pages 20 by default with the total in X-Total-Count, in "last name, first name" order', async () => {
    const first = await search('role=student');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe('28'); // the 25 pupils, students A and B, and the rider
    expect(first.json()).toHaveLength(20);
    const last = await search('role=student&page=2');
    expect(last.json()).toHaveLength(8);
    expect(last.json().at(-1)).toMatchObject({ id: pupils[24].id, firstName: 'Zoe24', roles: ['student'] });
    const small = await search('role=student&limit=5&page=3');
    expect(small.json().map((p: { id: number }) => p.id)).toEqual(pupils.slice(7, 12).map((p) => p.id));
  });

  it('finds by every word of a name or by document, case-insensitively, and escapes wildcards', async () => {
    expect((await search('q=zoe1%20ZULUAGA12')).json().map((p: { id: number }) => p.id)).toEqual([pupils[12].id]);
    const doc = await t.request({ method: 'GET', url: `/api/${w.school.code}/people/${pupils[3].id}`, token: await t.signIn(w.admin) });
    const byDocument = await search(`q=${doc.json().document}`);
    expect(byDocument.json().map((p: { id: number }) => p.id)).toEqual([pupils[3].id]);
    // Teachers do not see everyone's document, so they cannot search by it either.
    expect((await search(`q=${doc.json().document}`, w.teacherB)).headers['x-total-count']).toBe('0');
    expect((await search('q=%25')).headers['x-total-count']).toBe('0');
  });

  it('finds names without caring about accents or case, and follows renames', async () => {
    const perez = await t.makePerson(w.school, { firstName: 'José', lastName: 'Pérez' });
    const gomez = await t.makePerson(w.school, { firstName: 'Íñigo', lastName: 'Gómez' });
    const ids = async (q: string) => (await search(`q=${encodeURIComponent(q)}`)).json().map((p: { id: number }) => p.id);
    for (const q of ['perez', 'PÉREZ', 'Pérez', 'PEREZ', 'jose perez']) expect(await ids(q), q).toEqual([perez.id]);
    expect(await ids('gomez')).toEqual([gomez.id]);
    expect(await ids('inigo GÓMEZ')).toEqual([gomez.id]);
    const renamed = await t.request({
      method: 'PATCH',
      url: `/api/${w.school.code}/people/${gomez.id}`,
      token: await t.signIn(w.admin),
      body: { lastName2: 'Núñez' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(await ids('nunez')).toEqual([gomez.id]);
    expect(await ids('gomez')).toEqual([gomez.id]);
    // The separator of the stored key is not a wildcard, and words never match across names.
    expect(await ids('|')).toEqual([]);
    expect(await ids('josepérez')).toEqual([]);
  });

  it('filters by role and by node, with descendants when asked', async () => {
    const teachers = await search('role=teacher');
    expect(teachers.json().map((p: { id: number }) => p.id).sort()).toEqual([w.teacherA.id, w.teacherB.id].sort());
    expect((await search('role=relative')).headers['x-total-count']).toBe('3'); // parents A and B, the rider's
    expect((await search('role=administrator')).json()).toEqual([expect.objectContaining({ id: w.admin.id, roles: ['administrator'] })]);
    expect((await search(`node=${w.tree.classA}`)).headers['x-total-count']).toBe('2'); // student A, teacher A
    expect((await search(`node=${w.tree.grade}`)).headers['x-total-count']).toBe('0');
    expect((await search(`node=${w.tree.grade}&descendants=true`)).headers['x-total-count']).toBe('29');
    expect((await search(`node=${w.tree.grade}&descendants=true&role=student&status=active`)).headers['x-total-count']).toBe('27');
  });

  it('is for staff: teachers see it, families get 403', async () => {
    expect((await search('', w.teacherB)).statusCode).toBe(200);
    expect((await search('', w.parentA)).statusCode).toBe(403);
    expect((await search('', w.studentA)).statusCode).toBe(403);
  });

  it('item 3: a teacher may filter by node and status only in the classes they teach (403, not an empty page)', async () => {
    const leaver = await t.makePerson(w.school, { firstName: 'Lucía' });
    await t.enroll(leaver, w.tree.classB, { status: 'withdrawn' });
    expect((await search(`node=${w.tree.classA}`, w.teacherA)).headers['x-total-count']).toBe('2');
    expect((await search(`node=${w.tree.classA}&status=active`, w.teacherA)).statusCode).toBe(200);
    for (const query of [`node=${w.tree.classB}`, `node=${w.tree.classB}&status=withdrawn`, `node=${w.tree.grade}&descendants=true`, 'status=withdrawn']) {
      const res = await search(query, w.teacherA);
      expect(res.statusCode, query).toBe(403);
      expect(res.json(), query).toEqual({ error: 'forbidden_filter', message: expect.stringMatching(/node|status/) });
    }
    // School-wide staff filter anywhere.
    expect((await search(`node=${w.tree.classB}&status=withdrawn`, w.employee)).json()).toEqual([expect.objectContaining({ id: leaver.id })]);
    expect((await search('status=withdrawn', w.admin)).json()).toEqual([expect.objectContaining({ id: leaver.id })]);
  });

  it('item 3: an employee of a section filters within it, and nowhere else', async () => {
    const coordinator = await t.makePerson(w.school, { role: 'employee', node: w.tree.section, firstName: 'Coral' });
    expect((await search(`node=${w.tree.grade}&descendants=true&status=active`, coordinator)).statusCode).toBe(200);
    expect((await search(`node=${w.route}`, coordinator)).statusCode).toBe(403);
    expect((await search('status=active', coordinator)).statusCode).toBe(403);
  });

  it('item 8: the employee role held only on a bus route gives no directory; one held on the root does', async () => {
    const res = await search('', w.driver);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'forbidden' });
    expect((await search(`node=${w.route}`, w.driver)).statusCode).toBe(403);
    expect((await search('', w.employee)).statusCode).toBe(200);
    // A route at the top of the tree is still a route, not the school.
    const { type_id: routeType } = await t.db.selectFrom('nodes').select('type_id').where('org_id', '=', w.school.id).where('id', '=', w.route).executeTakeFirstOrThrow();
    const topRoute = await insertNode(t.db, w.school.id, { parentId: null, typeId: routeType, name: 'Route 2' });
    expect((await search('', await t.makePerson(w.school, { role: 'employee', node: topRoute }))).statusCode).toBe(403);
  });

  it('item 5: people whose registration is not approved are not in the directory, except for administrators', async () => {
    const pending = await makeRegistrant(t, w.school, { firstName: 'Pendiente' });
    const rejected = await makeRegistrant(t, w.school, { firstName: 'Pendiente', status: 'rejected' });
    const approved = await makeRegistrant(t, w.school, { firstName: 'Pendiente', status: 'approved' });
    const ids = async (viewer: TestPerson) => (await search('q=pendiente', viewer)).json().map((p: { id: number }) => p.id).sort();
    expect(await ids(w.teacherA)).toEqual([approved.id]);
    expect(await ids(w.employee)).toEqual([approved.id]);
    expect(await ids(w.admin)).toEqual([pending.id, rejected.id, approved.id].sort());
  });

  it('refuses bad paging and filters with a clear 400', async () => {
    for (const query of ['limit=101', 'limit=0', 'page=0', 'role=king', 'node=abc', 'status=expelled']) {
      const res = await search(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error).toBe('invalid_request');
    }
    expect((await search('node=999999')).statusCode).toBe(404);
  });
});
