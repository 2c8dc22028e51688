import { beforeAll, expect, it } from 'vitest';
import { findPersonIdByUsername } from './people.queries';
import type { TestPerson } from '../../test/factories';
import { describeOnDatabases } from '../../test/harness';
import { makeRegistrant } from '../../test/registrants';
import { makeWorld, type World } from '../../test/world';

interface Member {
  id: number;
  role: string;
  memberships: { role: string; enrollmentStatus: string | null }[];
}

// Issue 8: a roster has one entry per person, and every count of a group (the roster's
// X-Total-Count, its length, the node's memberCount in GET nodes and GET nodes/{id}, the CSV) agrees.
describeOnDatabases('node members, one entry per person', (t) => {
  let w: World;
  let registrant: TestPerson;
  const get = async (viewer: TestPerson, path: string) =>
    t.request({ method: 'GET', url: `/api/${viewer.org.code}/${path}`, token: await t.signIn(viewer) });

  beforeAll(async () => {
    w = await makeWorld(t);
    // Teacher A also directs class A; a withdrawn student and a pending registrant are in it too.
    await t.assign(w.teacherA, w.tree.classA, 'group_director');
    const leaver = await t.makePerson(w.school, { firstName: 'Wanda' });
    await t.enroll(leaver, w.tree.classA, { status: 'withdrawn' });
    registrant = await makeRegistrant(t, w.school, { firstName: 'Rebeca' });
    await t.enroll(registrant, w.tree.classA, { status: 'pending' });
  });

  it('lists a person with two roles once, with both roles, director first', async () => {
    const res = await get(w.admin, `nodes/${w.tree.classA}/members`);
    expect(res.statusCode).toBe(200);
    const members = res.json() as Member[];
    expect(new Set(members.map((m) => m.id)).size).toBe(members.length);
    expect(members[0]).toMatchObject({
      id: w.teacherA.id,
      role: 'group_director',
      memberships: [{ role: 'group_director', enrollmentStatus: null }, { role: 'teacher', enrollmentStatus: null }],
    });
    expect(members.find((m) => m.id === w.studentA.id)?.memberships).toEqual([expect.objectContaining({ role: 'student', enrollmentStatus: 'active' })]);
  });

  it('agrees on the number of people everywhere, for each viewer', async () => {
    for (const viewer of [w.admin, w.teacherA, w.employee, w.parentA, w.studentA]) {
      const roster = await get(viewer, `nodes/${w.tree.classA}/members`);
      const people = (roster.json() as Member[]).length;
      expect(roster.headers['x-total-count'], viewer.firstName).toBe(String(people));
      expect((await get(viewer, `nodes/${w.tree.classA}`)).json().memberCount, viewer.firstName).toBe(people);
      const csv = (await get(viewer, `nodes/${w.tree.classA}/members.csv?lang=en`)).body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
      expect(csv.length - 1, viewer.firstName).toBe(people);
      if (viewer !== w.parentA && viewer !== w.studentA) {
        const tree = (await get(viewer, 'nodes')).json() as { nodes: { id: number; memberCount: number }[] };
        expect(tree.nodes.find((n) => n.id === w.tree.classA)?.memberCount, viewer.firstName).toBe(people);
      }
    }
    // Teacher A (two roles), student A, and for the administrators only the pending registrant.
    expect((await get(w.admin, `nodes/${w.tree.classA}/members`)).json()).toHaveLength(3);
    expect((await get(w.teacherA, `nodes/${w.tree.classA}/members`)).json()).toHaveLength(2);
    expect((await get(w.teacherA, `nodes/${w.tree.classA}/members`)).json().map((m: Member) => m.id)).not.toContain(registrant.id);
  });

  it('writes one CSV line per person with all their roles', async () => {
    const csv = (await get(w.admin, `nodes/${w.tree.classA}/members.csv?lang=en`)).body;
    expect(csv).toMatch(/Teresa,[^\r\n]*"Group director, Teacher"/);
  });

  it('pages the people when asked, the total still counting all of them', async () => {
    const page = await get(w.admin, `nodes/${w.tree.classA}/members?limit=2&page=2`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-total-count']).toBe('3');
    expect(page.json()).toHaveLength(1);
    const all = (await get(w.admin, `nodes/${w.tree.classA}/members`)).json() as Member[];
    expect((page.json() as Member[])[0].id).toBe(all[2].id);
    for (const query of ['limit=0', 'limit=501', 'page=0', 'page=abc', 'limit=1e2', `limit=2${encodeURIComponent('\u0000')}`]) {
      const res = await get(w.admin, `nodes/${w.tree.classA}/members?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ error: expect.stringMatching(/^invalid_/), message: expect.any(String) });
    }
  });

  it("groups norte's teacher too, and never shows a roster across schools", async () => {
    const norteTeacher: TestPerson = { ...w.otherAdmin, id: (await findPersonIdByUsername(t.db, w.otherSchool.id, 'teacher'))!, username: 'teacher' };
    const tree = (await get(norteTeacher, 'nodes')).json() as { nodes: { id: number; name: string; memberCount: number }[] };
    expect(tree.nodes.map((n) => n.name)).toEqual(['4A']);
    const roster = await get(norteTeacher, `nodes/${tree.nodes[0].id}/members`);
    expect((roster.json() as Member[]).find((m) => m.id === norteTeacher.id)?.memberships.map((m) => m.role)).toEqual(['group_director', 'teacher']);
    expect(roster.headers['x-total-count']).toBe(String(tree.nodes[0].memberCount));
    const across = await t.request({ method: 'GET', url: `/api/${w.otherSchool.code}/nodes/${w.tree.classA}/members`, token: await t.signIn(w.otherAdmin) });
    expect(across.statusCode).toBe(404);
    const wrongSchool = await t.request({ method: 'GET', url: `/api/${w.school.code}/nodes/${w.tree.classA}/members`, token: await t.signIn(w.otherAdmin) });
    expect(wrongSchool.statusCode).toBe(403);
  });
});
