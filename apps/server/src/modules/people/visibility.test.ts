import { beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/harness';
import { makeRegistrant } from '../../test/registrants';
import { makeWorld, type World } from '../../test/world';

const cardKeys = ['avatar', 'firstName', 'id', 'lastName', 'lastName2', 'roles'];
const clinic = { bloodType: 'O+', weight: 28.5, height: 131, medicalInsurance: 'Sura EPS' };

describeOnDatabases('who sees what of a person', (t) => {
  let w: World;
  const profile = async (viewer: World['admin'], id: number, code = w.school.code) =>
    t.request({ method: 'GET', url: `/api/${code}/people/${id}`, token: await t.signIn(viewer) });

  beforeAll(async () => {
    w = await makeWorld(t);
    const res = await t.request({
      method: 'PATCH',
      url: `/api/${w.school.code}/people/${w.studentA.id}`,
      token: await t.signIn(w.admin),
      body: { clinic },
    });
    expect(res.statusCode).toBe(200);
  });

  it("shows parent A their child's full profile, groups, relatives and clinic data", async () => {
    const res = await profile(w.parentA, w.studentA.id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: w.studentA.id, email: `${w.studentA.username}@example.com`, language: 'es', clinic, roles: ['student'] });
    expect(body.groups).toEqual([expect.objectContaining({ nodeId: w.tree.classA, nodeName: '3A', role: 'student', enrollmentStatus: 'active' })]);
    expect(body.relatives).toEqual([expect.objectContaining({ id: w.parentA.id, kind: 'father' })]);
  });

  it("refuses parent B student A's and parent A's profiles (403): another family is not for every parent", async () => {
    for (const id of [w.studentA.id, w.parentA.id]) {
      const res = await profile(w.parentB, id);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: 'forbidden', message: expect.any(String) });
    }
    expect((await profile(w.studentB, w.studentA.id)).statusCode).toBe(403);
  });

  it("shows a classmate's card to a student, and the child's teacher's card to a parent (contacts)", async () => {
    const classmate = await t.makePerson(w.school, { role: 'student', node: w.tree.classA, firstName: 'Clara' });
    const seen = await profile(w.studentA, classmate.id);
    expect(seen.statusCode).toBe(200);
    expect(Object.keys(seen.json()).sort()).toEqual(cardKeys);
    const teacher = await profile(w.parentA, w.teacherA.id);
    expect(teacher.statusCode).toBe(200);
    expect(Object.keys(teacher.json()).sort()).toEqual(cardKeys);
    // A withdrawn classmate is no contact any more.
    const gone = await t.makePerson(w.school, { firstName: 'Gonzalo' });
    await t.enroll(gone, w.tree.classA, { status: 'withdrawn' });
    expect((await profile(w.studentA, gone.id)).statusCode).toBe(403);
  });

  it('shows the staff to the whole school as cards: a teacher of another class to parent A', async () => {
    const res = await profile(w.parentA, w.teacherB.id);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(cardKeys);
    const employee = await t.makePerson(w.school, { role: 'employee', node: w.tree.root });
    expect((await profile(w.parentB, employee.id)).statusCode).toBe(200);
    expect((await profile(w.parentB, w.admin.id)).statusCode).toBe(200);
  });

  it("shows the teacher of A's class A's school data and clinic data, but not the family-only fields", async () => {
    const body = (await profile(w.teacherA, w.studentA.id)).json();
    expect(body).toMatchObject({ document: expect.any(String), email: expect.any(String), clinic });
    expect(body.language).toBeUndefined();
    expect(body.isAdmin).toBeUndefined();
    // …and the school data (not the clinic data) of the student's parent.
    const parent = (await profile(w.teacherA, w.parentA.id)).json();
    expect(parent.mobile).toBeDefined();
    expect(parent.clinic).toBeUndefined();
  });

  it('shows the teacher of another class only the card of student A', async () => {
    expect(Object.keys((await profile(w.teacherB, w.studentA.id)).json()).sort()).toEqual(cardKeys);
  });

  it('shows employees school data without clinic data, and admins everything', async () => {
    const employee = await t.makePerson(w.school, { role: 'employee', node: w.tree.root });
    const seen = (await profile(employee, w.studentA.id)).json();
    expect(seen.document).toBeDefined();
    expect(seen.clinic).toBeUndefined();
    expect((await profile(w.admin, w.studentA.id)).json()).toMatchObject({ clinic, isAdmin: false });
  });

  it('shows the student their own clinic data and refuses the other school (403) and its people (404)', async () => {
    expect((await profile(w.studentA, w.studentA.id)).json().clinic).toEqual(clinic);
    expect((await profile(w.otherAdmin, w.studentA.id)).statusCode).toBe(403);
    expect((await profile(w.otherAdmin, w.studentA.id, w.otherSchool.code)).statusCode).toBe(404);
  });

  it('lists children and relatives with their kinds', async () => {
    const token = await t.signIn(w.parentA);
    const children = await t.request({ method: 'GET', url: `/api/${w.school.code}/people/${w.parentA.id}/children`, token });
    expect(children.json()).toEqual([expect.objectContaining({ id: w.studentA.id, roles: ['student'] })]);
    const relatives = await t.request({ method: 'GET', url: `/api/${w.school.code}/people/${w.parentA.id}/relatives`, token });
    expect(relatives.json()).toEqual([expect.objectContaining({ id: w.studentA.id, kind: 'daughter' })]);
    const foreign = await t.request({ method: 'GET', url: `/api/${w.school.code}/people/${w.parentB.id}/children`, token });
    expect(foreign.statusCode).toBe(403);
  });

  it('answers POST allowed for the new paths from the same rules', async () => {
    const paths = [
      `people/${w.studentA.id}/relatives`,
      `people/${w.studentB.id}/relatives`,
      `people/${w.parentA.id}/contacts`,
      `PUT people/${w.studentA.id}/avatar`,
      `PATCH people/${w.studentA.id}`,
      'people',
      `nodes/${w.tree.classA}/members`,
      `nodes/${w.tree.classB}/members`,
      `POST nodes/${w.tree.classA}/members`,
      `people/${w.studentB.id}`,
      `people/${w.parentB.id}`,
      `people/${w.teacherB.id}`,
      `people/${w.studentA.id}`,
    ];
    const res = await t.request({ method: 'POST', url: `/api/${w.school.code}/allowed`, token: await t.signIn(w.parentA), body: paths });
    expect(res.json()).toEqual({
      [paths[0]]: true,
      [paths[1]]: false,
      [paths[2]]: true,
      [paths[3]]: true,
      [paths[4]]: false,
      people: false,
      [paths[6]]: true,
      [paths[7]]: false,
      [paths[8]]: false,
      [paths[9]]: false,
      [paths[10]]: false,
      [paths[11]]: true,
      [paths[12]]: true,
    });
  });

  it("answers each child's active or pending class on the children list, not withdrawn ones", async () => {
    const sibling = await t.makePerson(w.school, { firstName: 'Bea' });
    await t.relate(w.parentA, sibling);
    await t.enroll(sibling, w.tree.classB, { status: 'pending' });
    await t.enroll(sibling, w.tree.classA, { status: 'withdrawn' });
    const res = await t.request({ method: 'GET', url: `/api/${w.school.code}/people/${w.parentA.id}/children`, token: await t.signIn(w.parentA) });
    expect(res.statusCode).toBe(200);
    const byId = new Map(res.json().map((c: { id: number }) => [c.id, c]));
    expect(byId.get(w.studentA.id)).toMatchObject({ groups: [{ nodeId: w.tree.classA, nodeName: '3A', enrollmentStatus: 'active' }] });
    expect(byId.get(sibling.id)).toMatchObject({ groups: [{ nodeId: w.tree.classB, nodeName: '3B', enrollmentStatus: 'pending' }] });
  });

  it("shows co-parents each other's card, also in split households, and still refuses other families", async () => {
    // Student A's mother lives apart from parent A with a new partner, the child's stepfather.
    const mother = await t.makePerson(w.school, { relativeOf: w.studentA, gender: 'female', firstName: 'Marta' });
    const stepfather = await t.makePerson(w.school, { relativeOf: w.studentA, kind: 'stepfather', gender: 'male', firstName: 'Esteban' });
    for (const [viewer, seen] of [[w.parentA, mother], [mother, w.parentA], [w.parentA, stepfather], [stepfather, w.parentA], [stepfather, mother]]) {
      const res = await profile(viewer, seen.id);
      expect(res.statusCode, `${viewer.firstName} opens ${seen.firstName}`).toBe(200);
      expect(Object.keys(res.json()).sort()).toEqual(cardKeys);
    }
    // The child sees them in full as relatives; another family does not see them at all.
    expect((await profile(w.studentA, mother.id)).json().email).toBeDefined();
    for (const id of [mother.id, stepfather.id]) expect((await profile(w.parentB, id)).statusCode).toBe(403);
    for (const id of [w.parentB.id, w.studentB.id]) expect((await profile(mother, id)).statusCode).toBe(403);
    const allowed = await t.request({
      method: 'POST',
      url: `/api/${w.school.code}/allowed`,
      token: await t.signIn(mother),
      body: [`people/${w.parentA.id}`, `people/${w.parentB.id}`],
    });
    expect(allowed.json()).toEqual({ [`people/${w.parentA.id}`]: true, [`people/${w.parentB.id}`]: false });
  });
  it("item 8: a driver sees the riders' cards and their parents' card with the mobile, nothing school-wide", async () => {
    const rider = await profile(w.driver, w.rider.id);
    expect(rider.statusCode).toBe(200);
    expect(Object.keys(rider.json()).sort()).toEqual(cardKeys);
    const parent = await profile(w.driver, w.riderParent.id);
    expect(parent.statusCode).toBe(200);
    expect(Object.keys(parent.json()).sort()).toEqual([...cardKeys, 'mobile'].sort());
    expect(parent.json().mobile).toBe('+57 300 000 0000');
    // Nobody else's data: not student A nor their family (they do not ride), no clinic, no school data.
    for (const id of [w.studentA.id, w.parentA.id, w.studentB.id]) expect((await profile(w.driver, id)).statusCode, String(id)).toBe(403);
    for (const path of [`people/${w.rider.id}/relatives`, `people/${w.riderParent.id}/children`]) {
      expect((await t.request({ method: 'GET', url: `/api/${w.school.code}/${path}`, token: await t.signIn(w.driver) })).statusCode, path).toBe(403);
    }
    // Staff stay visible to everyone, and the driver is staff to the families.
    expect((await profile(w.driver, w.teacherA.id)).statusCode).toBe(200);
    expect((await profile(w.parentB, w.driver.id)).statusCode).toBe(200);
  });

  it("item 8: an employee of a section reaches that section's members only, without clinic data", async () => {
    const coordinator = await t.makePerson(w.school, { role: 'employee', node: w.tree.section, firstName: 'Coral' });
    const student = (await profile(coordinator, w.studentA.id)).json();
    expect(student.document).toBeDefined();
    expect(student.clinic).toBeUndefined();
    expect((await profile(coordinator, w.parentA.id)).json().mobile).toBeDefined();
    // The rider is outside the section: the card, as for every staff member, and no more.
    expect(Object.keys((await profile(coordinator, w.rider.id)).json()).sort()).toEqual(cardKeys);
    // The school-wide employee (employee of the root) sees the school data of everyone.
    expect((await profile(w.employee, w.rider.id)).json().document).toBeDefined();
  });

  it('item 14: a teacher keeps no school data nor clinic access to a student withdrawn from their class', async () => {
    for (const status of ['withdrawn', 'graduated', 'inactive']) {
      const leaver = await t.makePerson(w.school, { firstName: 'Leandro', gender: 'male' });
      await t.enroll(leaver, w.tree.classA, { status });
      const parent = await t.makePerson(w.school, { relativeOf: leaver, firstName: 'Lorena' });
      const admin = await t.request({ method: 'PATCH', url: `/api/${w.school.code}/people/${leaver.id}`, token: await t.signIn(w.admin), body: { clinic } });
      expect(admin.statusCode).toBe(200);
      const seen = await profile(w.teacherA, leaver.id);
      expect(seen.statusCode, status).toBe(200); // staff see every card
      expect(Object.keys(seen.json()).sort(), status).toEqual(cardKeys);
      expect(Object.keys((await profile(w.teacherA, parent.id)).json()).sort(), status).toEqual(cardKeys);
    }
  });

  it('item 5: a person whose registration is not approved is 403 for everyone but administrators', async () => {
    const registrant = await makeRegistrant(t, w.school);
    for (const viewer of [w.teacherA, w.employee, w.parentA, w.driver]) {
      const res = await profile(viewer, registrant.id);
      expect(res.statusCode, viewer.firstName).toBe(403);
      expect(res.json()).toMatchObject({ error: 'forbidden' });
    }
    expect((await profile(w.admin, registrant.id)).json()).toMatchObject({ id: registrant.id, email: expect.any(String) });
    // Approved, they are an ordinary member of the school.
    const approved = await makeRegistrant(t, w.school, { status: 'approved' });
    expect((await profile(w.teacherA, approved.id)).statusCode).toBe(200);
  });
});
