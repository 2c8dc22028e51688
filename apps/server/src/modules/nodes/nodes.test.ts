import { beforeAll, expect, it } from 'vitest';
import type { TestPerson } from '../../test/factories';
import { describeOnDatabases } from '../../test/harness';
import { makeRegistrant } from '../../test/registrants';
import { makeWorld, type World } from '../../test/world';

describeOnDatabases('nodes', (t) => {
  let w: World;
  const call = async (viewer: TestPerson, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown) =>
    t.request({ method, url: `/api/${w.school.code}/${path}`, token: await t.signIn(viewer), body });
  const nodeRow = (id: number) => t.db.selectFrom('nodes').selectAll().where('org_id', '=', w.school.id).where('id', '=', id).executeTakeFirst();

  beforeAll(async () => {
    w = await makeWorld(t);
  });

  it('answers the tree (parents first) with node types named in six languages', async () => {
    const res = await call(w.admin, 'GET', 'nodes');
    expect(res.statusCode).toBe(200);
    const { nodes, types } = res.json();
    expect(nodes.map((n: { id: number }) => n.id).slice(0, 5)).toEqual([w.tree.root, w.tree.section, w.tree.grade, w.tree.classA, w.tree.classB]);
    expect(nodes[3]).toMatchObject({ name: '3A', parentId: w.tree.grade, typeKey: expect.stringMatching(/^class-/), memberCount: 2 });
    expect(Object.keys(types[0].singular).sort()).toEqual(['de', 'en', 'es', 'fr', 'it', 'pt']);
    const nodeTypes = await call(w.studentA, 'GET', 'node-types');
    expect(nodeTypes.json()).toEqual(types);
  });

  it('answers a node with its path, and its children', async () => {
    const node = await call(w.studentA, 'GET', `nodes/${w.tree.classA}`);
    expect(node.json().path.map((p: { id: number }) => p.id)).toEqual([w.tree.root, w.tree.section, w.tree.grade]);
    const children = await call(w.admin, 'GET', `nodes/${w.tree.grade}/children`);
    expect(children.json().map((n: { name: string }) => n.name)).toEqual(['3A', '3B']);
    // Issue 8: lists offer a student only the groups whose members they see.
    const own = await call(w.studentA, 'GET', `nodes/${w.tree.grade}/children`);
    expect(own.json().map((n: { name: string }) => n.name)).toEqual(['3A']);
    expect((await call(w.studentA, 'GET', 'nodes/999999')).statusCode).toBe(404);
  });

  it('lists members with roles; enrollment only for staff of the node', async () => {
    const teacherView = (await call(w.teacherA, 'GET', `nodes/${w.tree.classA}/members`)).json();
    expect(teacherView).toContainEqual(expect.objectContaining({ id: w.studentA.id, role: 'student', enrollmentStatus: 'active' }));
    expect(teacherView).toContainEqual(expect.objectContaining({ id: w.teacherA.id, role: 'teacher', enrollmentStatus: null }));
    const parentView = (await call(w.parentA, 'GET', `nodes/${w.tree.classA}/members`)).json();
    expect(parentView).toContainEqual(expect.objectContaining({ id: w.studentA.id, role: 'student', enrollmentStatus: null }));
    expect((await call(w.parentB, 'GET', `nodes/${w.tree.classA}/members`)).statusCode).toBe(403);
  });

  it('creates, renames and moves nodes; moving under itself or a descendant is refused and changes nothing', async () => {
    const created = await call(w.admin, 'POST', 'nodes', { parentId: w.tree.root, typeId: w.tree.types.team, name: '  Fútbol  ' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Fútbol', parentId: w.tree.root, memberCount: 0 });
    const before = await nodeRow(w.tree.section);
    for (const parentId of [w.tree.section, w.tree.grade, w.tree.classB]) {
      const res = await call(w.admin, 'PATCH', `nodes/${w.tree.section}`, { parentId, name: 'Renamed' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: 'node_cycle', message: 'A node cannot be moved under itself or one of its descendants' });
    }
    expect(await nodeRow(w.tree.section)).toEqual(before);
    const moved = await call(w.admin, 'PATCH', `nodes/${created.json().id}`, { parentId: w.tree.section, name: 'Fútbol 2026' });
    expect(moved.json()).toMatchObject({ parentId: w.tree.section, name: 'Fútbol 2026', path: [{ id: w.tree.root }, { id: w.tree.section }] });
    expect((await call(w.admin, 'PATCH', `nodes/${created.json().id}`, { parentId: 999999 })).statusCode).toBe(400);
    expect((await call(w.admin, 'POST', 'nodes', { parentId: w.tree.root, typeId: 999999, name: 'X' })).statusCode).toBe(400);
    expect((await call(w.admin, 'POST', 'nodes', { parentId: w.tree.root, typeId: w.tree.types.team, name: ' ' })).statusCode).toBe(400);
  });

  it('deletes only empty nodes (409 otherwise, nothing changes)', async () => {
    for (const id of [w.tree.grade, w.tree.classA]) {
      const res = await call(w.admin, 'DELETE', `nodes/${id}`);
      expect(res.statusCode).toBe(409);
      expect(await nodeRow(id)).toBeDefined();
    }
    const empty = (await call(w.admin, 'POST', 'nodes', { parentId: w.tree.root, typeId: w.tree.types.team, name: 'Ajedrez' })).json();
    expect((await call(w.admin, 'DELETE', `nodes/${empty.id}`)).statusCode).toBe(204);
    expect(await nodeRow(empty.id)).toBeUndefined();
  });

  it('adds members with enrollment, updates them, and removes one role or all', async () => {
    const team = (await call(w.admin, 'POST', 'nodes', { parentId: w.tree.root, typeId: w.tree.types.team, name: 'Voleibol' })).json();
    const add = await call(w.admin, 'POST', `nodes/${team.id}/members`, { personId: w.studentB.id, role: 'student', enrollmentStatus: 'pending', schoolYear: '2026' });
    expect(add.statusCode).toBe(201);
    expect(add.json()).toEqual([expect.objectContaining({ id: w.studentB.id, enrollmentStatus: 'pending', schoolYear: '2026' })]);
    const update = await call(w.admin, 'POST', `nodes/${team.id}/members`, { personId: w.studentB.id, role: 'student', enrollmentStatus: 'active', outcome: 'promoted' });
    expect(update.statusCode).toBe(200);
    expect(update.json()[0]).toMatchObject({ enrollmentStatus: 'active', outcome: 'promoted' });
    await call(w.admin, 'POST', `nodes/${team.id}/members`, { personId: w.teacherB.id, role: 'teacher' });
    await call(w.admin, 'POST', `nodes/${team.id}/members`, { personId: w.teacherB.id, role: 'group_director' });

    for (const bad of [
      { personId: w.studentB.id, role: 'captain' },
      { personId: w.studentB.id, role: 'student', enrollmentStatus: 'expelled' },
      { personId: w.teacherB.id, role: 'teacher', enrollmentStatus: 'active' },
      { personId: 999999, role: 'student' },
    ]) {
      expect((await call(w.admin, 'POST', `nodes/${team.id}/members`, bad)).statusCode).toBe(400);
    }
    // Issue 8: one entry per person, with both of teacher B's roles.
    const listed = await call(w.admin, 'GET', `nodes/${team.id}/members`);
    expect(listed.json()).toHaveLength(2);
    expect(listed.json()[0]).toMatchObject({ id: w.teacherB.id, role: 'group_director', memberships: [{ role: 'group_director' }, { role: 'teacher' }] });

    expect((await call(w.admin, 'DELETE', `nodes/${team.id}/members/${w.teacherB.id}?role=teacher`)).statusCode).toBe(204);
    expect((await call(w.admin, 'GET', `nodes/${team.id}/members`)).json()).toHaveLength(2);
    expect((await call(w.admin, 'GET', `nodes/${team.id}/members`)).json()[0].memberships).toEqual([expect.objectContaining({ role: 'group_director' })]);
    expect((await call(w.admin, 'DELETE', `nodes/${team.id}/members/${w.teacherB.id}?role=teacher`)).statusCode).toBe(404);
    expect((await call(w.admin, 'DELETE', `nodes/${team.id}/members/${w.studentB.id}`)).statusCode).toBe(204);
    expect((await call(w.admin, 'GET', `nodes/${team.id}/members`)).json()).toEqual([expect.objectContaining({ id: w.teacherB.id, role: 'group_director' })]);
  });

  it("never reaches another school's nodes", async () => {
    const res = await t.request({ method: 'GET', url: `/api/${w.otherSchool.code}/nodes/${w.tree.classA}`, token: await t.signIn(w.otherAdmin) });
    expect(res.statusCode).toBe(404);
    const move = await t.request({ method: 'POST', url: `/api/${w.otherSchool.code}/nodes`, token: await t.signIn(w.otherAdmin), body: { parentId: w.tree.root, typeId: w.tree.types.team, name: 'X' } });
    expect(move.statusCode).toBe(400);
  });
  it('item 14: withdrawn, graduated and inactive students leave the roster; its staff list them by status, labelled', async () => {
    const leavers = [];
    for (const status of ['withdrawn', 'graduated', 'inactive']) {
      const leaver = await t.makePerson(w.school, { firstName: `Leaver ${status}` });
      await t.enroll(leaver, w.tree.classB, { status });
      leavers.push(leaver);
    }
    const ids = (res: { json(): { id: number }[] }) => res.json().map((m) => m.id);
    for (const viewer of [w.teacherB, w.admin, w.parentB, w.studentB]) {
      const roster = await call(viewer, 'GET', `nodes/${w.tree.classB}/members`);
      expect(roster.statusCode).toBe(200);
      for (const leaver of leavers) expect(ids(roster), viewer.firstName).not.toContain(leaver.id);
    }
    const tree = (await call(w.admin, 'GET', 'nodes')).json();
    expect(tree.nodes.find((n: { id: number }) => n.id === w.tree.classB).memberCount).toBe(2); // student B, teacher B
    for (const viewer of [w.teacherB, w.admin, w.employee]) {
      const withdrawn = await call(viewer, 'GET', `nodes/${w.tree.classB}/members?status=withdrawn`);
      expect(withdrawn.json()).toEqual([expect.objectContaining({ id: leavers[0].id, role: 'student', enrollmentStatus: 'withdrawn' })]);
    }
    for (const viewer of [w.parentB, w.studentB]) {
      const res = await call(viewer, 'GET', `nodes/${w.tree.classB}/members?status=withdrawn`);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'forbidden_filter', message: expect.stringContaining('enrollment status') });
    }
    expect((await call(w.teacherA, 'GET', `nodes/${w.tree.classB}/members?status=withdrawn`)).statusCode).toBe(403);
    // A withdrawn student (and their parent) no longer sees the class.
    const parent = await t.makePerson(w.school, { relativeOf: leavers[0] });
    expect((await call(leavers[0], 'GET', `nodes/${w.tree.classB}/members`)).statusCode).toBe(403);
    expect((await call(parent, 'GET', `nodes/${w.tree.classB}/members`)).statusCode).toBe(403);
  });

  it("item 8: a driver sees the riders of their route without enrollment, and no class's roster", async () => {
    const riders = await call(w.driver, 'GET', `nodes/${w.route}/members`);
    expect(riders.statusCode).toBe(200);
    expect(riders.json()).toContainEqual(expect.objectContaining({ id: w.rider.id, role: 'student', enrollmentStatus: null }));
    for (const node of [w.tree.classA, w.tree.grade, w.tree.root]) expect((await call(w.driver, 'GET', `nodes/${node}/members`)).statusCode).toBe(403);
    expect((await call(w.driver, 'GET', `nodes/${w.route}/members?status=withdrawn`)).statusCode).toBe(403);
    expect((await call(w.employee, 'GET', `nodes/${w.tree.classA}/members`)).json()).toContainEqual(
      expect.objectContaining({ id: w.studentA.id, enrollmentStatus: 'active' }),
    );
  });

  it('item 5: a person whose registration is not approved is in no roster but the administrators\'', async () => {
    // As registration used to leave it: the registrant's made-up child already enrolled in class A.
    const registrant = await makeRegistrant(t, w.school, { firstName: 'Rebeca' });
    await t.enroll(registrant, w.tree.classA, { status: 'pending' });
    for (const viewer of [w.teacherA, w.parentA, w.studentA, w.employee]) {
      const roster = await call(viewer, 'GET', `nodes/${w.tree.classA}/members`);
      expect(roster.json().map((m: { id: number }) => m.id), viewer.firstName).not.toContain(registrant.id);
    }
    expect((await call(w.admin, 'GET', `nodes/${w.tree.classA}/members`)).json()).toContainEqual(expect.objectContaining({ id: registrant.id }));
  });
});
