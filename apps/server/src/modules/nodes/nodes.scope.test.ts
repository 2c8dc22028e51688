import { beforeAll, expect, it } from 'vitest';
import type { TestPerson } from '../../test/factories';
import { describeOnDatabases } from '../../test/harness';
import { makeWorld, type World } from '../../test/world';
import { findNodes } from './nodes.queries';

// Issue 8: the Groups screen (GET nodes, a node's children) shows each caller the groups in their
// care — everything to school-wide staff, the subtrees they teach to teachers, their routes to
// drivers — and is refused to families and students, with POST allowed saying the same.
describeOnDatabases('who lists which groups', (t) => {
  let w: World;
  let director: TestPerson;
  let teacherParent: TestPerson;
  const get = async (viewer: TestPerson, path: string) =>
    t.request({ method: 'GET', url: `/api/${viewer.org.code}/${path}`, token: await t.signIn(viewer) });
  const listed = async (viewer: TestPerson) => {
    const res = await get(viewer, 'nodes');
    expect(res.statusCode, viewer.firstName).toBe(200);
    return (res.json() as { nodes: { id: number }[] }).nodes.map((n) => n.id);
  };
  const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

  beforeAll(async () => {
    w = await makeWorld(t);
    director = await t.makePerson(w.school, { role: 'group_director', node: w.tree.grade, firstName: 'Gustavo', gender: 'male' });
    // A teacher of class B whose daughter is student A: they see class A's roster as a parent.
    teacherParent = await t.makePerson(w.school, { role: 'teacher', node: w.tree.classB, firstName: 'Tania', relativeOf: w.studentA });
  });

  it('gives school-wide staff the whole tree of their school and nothing of norte', async () => {
    const all = (await findNodes(t.db, w.school.id)).map((n) => n.id);
    for (const viewer of [w.admin, w.employee]) expect(sorted(await listed(viewer)), viewer.firstName).toEqual(sorted(all));
    const norte = await t.request({ method: 'GET', url: `/api/${w.otherSchool.code}/nodes`, token: await t.signIn(w.otherAdmin) });
    const norteIds = (norte.json() as { nodes: { id: number }[] }).nodes.map((n) => n.id);
    expect(norteIds.filter((id) => all.includes(id))).toEqual([]);
    expect(norteIds.length).toBeGreaterThan(0);
  });

  it('gives a teacher the groups they teach and below, a driver their route', async () => {
    expect(await listed(w.teacherA)).toEqual([w.tree.classA]);
    expect(await listed(director)).toEqual([w.tree.grade, w.tree.classA, w.tree.classB]);
    expect(sorted(await listed(teacherParent))).toEqual(sorted([w.tree.classA, w.tree.classB]));
    expect(await listed(w.driver)).toEqual([w.route]);
    const children = await get(w.teacherA, `nodes/${w.tree.grade}/children`);
    expect(children.json().map((n: { id: number }) => n.id)).toEqual([w.tree.classA]);
  });

  it('refuses the Groups screen to families and students, and POST allowed agrees with every answer', async () => {
    for (const viewer of [w.parentA, w.parentB, w.studentA, w.rider, w.riderParent]) {
      const res = await get(viewer, 'nodes');
      expect(res.statusCode, viewer.firstName).toBe(403);
      expect(res.json()).toEqual({ error: 'forbidden', message: expect.any(String) });
    }
    for (const viewer of [w.admin, w.employee, w.teacherA, director, w.driver, w.parentA, w.studentA, w.riderParent]) {
      const allowed = await t.request({ method: 'POST', url: `/api/${w.school.code}/allowed`, token: await t.signIn(viewer), body: ['/nodes', 'POST nodes'] });
      const status = (await get(viewer, 'nodes')).statusCode;
      expect(allowed.json()['/nodes'], viewer.firstName).toBe(status === 200);
      expect(allowed.json()['POST nodes'], viewer.firstName).toBe(viewer === w.admin);
    }
    expect((await t.request({ method: 'GET', url: `/api/${w.school.code}/nodes` })).statusCode).toBe(401);
  });

  it('still names a group to its members and their families (GET nodes/{id})', async () => {
    for (const viewer of [w.parentA, w.studentA]) {
      const res = await get(viewer, `nodes/${w.tree.classA}`);
      expect(res.statusCode, viewer.firstName).toBe(200);
      expect(res.json()).toMatchObject({ name: '3A', memberCount: 2 });
    }
  });
});
