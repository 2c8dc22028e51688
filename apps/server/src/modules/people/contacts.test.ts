import { beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/harness';
import type { TestPerson } from '../../test/factories';
import { makeRegistrant } from '../../test/registrants';
import { makeWorld, type World } from '../../test/world';

describeOnDatabases('GET people/{id}/contacts', (t) => {
  let w: World;
  let director: TestPerson;
  let reception: TestPerson;
  const contacts = async (viewer: TestPerson, id = viewer.id) => {
    const res = await t.request({ method: 'GET', url: `/api/${w.school.code}/people/${id}/contacts`, token: await t.signIn(viewer) });
    expect(res.statusCode).toBe(200);
    return new Map<number, string[]>(res.json().map((c: { id: number; reasons: string[] }) => [c.id, c.reasons]));
  };

  beforeAll(async () => {
    w = await makeWorld(t);
    director = await t.makePerson(w.school, { role: 'group_director', node: w.tree.classA });
    reception = await t.makePerson(w.school, { role: 'employee', node: w.tree.root });
    await t.db.updateTable('people').set({ is_contact: 1 }).where('org_id', '=', w.school.id).where('id', '=', reception.id).execute();
  });

  it("gives a parent their child's teachers and group director, flagged staff and their family", async () => {
    const list = await contacts(w.parentA);
    expect(list.get(w.teacherA.id)).toEqual(['teacher']);
    expect(list.get(director.id)).toEqual(['group_director']);
    expect(list.get(reception.id)).toEqual(['staff']);
    expect(list.get(w.studentA.id)).toEqual(['relative']);
    for (const stranger of [w.teacherB, w.parentB, w.studentB, w.admin]) expect(list.has(stranger.id)).toBe(false);
    expect(list.has(w.parentA.id)).toBe(false);
  });

  it("gives a teacher their students and the students' parents, and colleagues", async () => {
    const list = await contacts(w.teacherA);
    expect(list.get(w.studentA.id)).toEqual(['student']);
    expect(list.get(w.parentA.id)).toEqual(['student_relative']);
    expect(list.get(w.teacherB.id)).toEqual(['colleague']);
    expect(list.has(w.studentB.id)).toBe(false);
    expect(list.has(w.parentB.id)).toBe(false);
  });

  it('gives a student their teachers and active classmates, not withdrawn ones', async () => {
    const mate = await t.makePerson(w.school, { role: 'student', node: w.tree.classA });
    const gone = await t.makePerson(w.school);
    await t.enroll(gone, w.tree.classA, { status: 'withdrawn' });
    const list = await contacts(w.studentA);
    expect(list.get(w.teacherA.id)).toEqual(['teacher']);
    expect(list.get(mate.id)).toEqual(['classmate']);
    expect(list.has(gone.id)).toBe(false);
    expect(list.get(w.parentA.id)).toEqual(['relative']);
  });

  it("lets a parent and an admin read a child's contacts, and nobody else", async () => {
    expect((await contacts(w.parentA, w.studentA.id)).get(w.teacherA.id)).toEqual(['teacher']);
    expect((await contacts(w.admin, w.studentA.id)).size).toBeGreaterThan(0);
    const res = await t.request({ method: 'GET', url: `/api/${w.school.code}/people/${w.studentA.id}/contacts`, token: await t.signIn(w.teacherA) });
    expect(res.statusCode).toBe(403);
  });

  it("lists the other relatives of one's children as family: co-parents and step-parents, both ways", async () => {
    const mother = await t.makePerson(w.school, { relativeOf: w.studentA, gender: 'female' });
    const stepmother = await t.makePerson(w.school, { relativeOf: w.studentA, kind: 'stepmother' });
    const father = await contacts(w.parentA);
    expect(father.get(mother.id)).toEqual(['family']);
    expect(father.get(stepmother.id)).toEqual(['family']);
    expect(father.get(w.studentA.id)).toEqual(['relative']);
    expect(father.has(w.parentB.id)).toBe(false);
    const theMother = await contacts(mother);
    expect(theMother.get(w.parentA.id)).toEqual(['family']);
    expect(theMother.get(stepmother.id)).toEqual(['family']);
    expect(theMother.get(w.teacherA.id)).toEqual(['teacher']);
    expect(theMother.has(mother.id)).toBe(false);
    // The child's own list is unchanged: their relatives, once each.
    expect((await contacts(w.studentA)).get(mother.id)).toEqual(['relative']);
  });
  it("item 8: a driver's contacts are the parents of the riders and the staff flagged as contacts, nobody else", async () => {
    const list = await contacts(w.driver);
    expect(list.get(w.riderParent.id)).toEqual(['student_relative']);
    expect(list.get(reception.id)).toEqual(['staff']);
    expect([...list.keys()].sort()).toEqual([w.riderParent.id, reception.id].sort());
  });

  it("gives a person the gender of their own relatives, null when unrecorded, and of nobody else", async () => {
    const son = await t.makePerson(w.school, { relativeOf: w.parentA, kind: 'son', gender: 'male', firstName: 'Tomás' });
    const unknown = await t.makePerson(w.school, { relativeOf: w.parentA, kind: 'daughter', firstName: 'Alex' });
    await t.db.updateTable('people').set({ gender: null }).where('org_id', '=', w.school.id).where('id', '=', unknown.id).execute();
    const mother = await t.makePerson(w.school, { relativeOf: w.studentA, gender: 'female' });
    const res = await t.request({ method: 'GET', url: `/api/${w.school.code}/people/${w.parentA.id}/contacts`, token: await t.signIn(w.parentA) });
    const byId = new Map<number, { reasons: string[]; gender?: string | null }>(res.json().map((c: { id: number }) => [c.id, c]));
    expect(byId.get(w.studentA.id)?.gender).toBe('female');
    expect(byId.get(son.id)?.gender).toBe('male');
    expect(byId.get(unknown.id)).toHaveProperty('gender', null);
    // The co-parent, the teachers and the staff are no relatives of the parent: their gender stays out.
    for (const id of [mother.id, w.teacherA.id]) expect(byId.get(id)).not.toHaveProperty('gender');
  });

  it("leaks no gender to whoever reads another person's contacts, nor to a teacher, a driver or another school", async () => {
    const gendersIn = async (viewer: TestPerson, id: number) => {
      const res = await t.request({ method: 'GET', url: `/api/${w.school.code}/people/${id}/contacts`, token: await t.signIn(viewer) });
      return { status: res.statusCode, genders: res.statusCode === 200 ? res.json().filter((c: object) => 'gender' in c).length : 0 };
    };
    // The child's list names the child's relatives: neither their parent nor an administrator learns a gender from it.
    expect(await gendersIn(w.parentA, w.studentA.id)).toEqual({ status: 200, genders: 0 });
    expect(await gendersIn(w.admin, w.parentA.id)).toEqual({ status: 200, genders: 0 });
    expect(await gendersIn(w.teacherA, w.teacherA.id)).toEqual({ status: 200, genders: 0 });
    expect(await gendersIn(w.driver, w.driver.id)).toEqual({ status: 200, genders: 0 });
    expect((await gendersIn(w.parentB, w.parentA.id)).genders).toBe(0);
    const norte = await t.request({ method: 'GET', url: `/api/${w.school.code}/people/${w.parentA.id}/contacts`, token: await t.signIn(w.otherAdmin) });
    expect([401, 403, 404]).toContain(norte.statusCode);
    expect(norte.body).not.toContain('gender');
  });

  it('item 5: nobody has a person whose registration is not approved among their contacts', async () => {
    // As registration used to leave it: the registrant already recorded as student B's mother.
    const registrant = await makeRegistrant(t, w.school, { firstName: 'Rebeca' });
    await t.relate(registrant, w.studentB, 'mother');
    await t.db.updateTable('people').set({ is_contact: 1 }).where('org_id', '=', w.school.id).where('id', '=', registrant.id).execute();
    for (const viewer of [w.parentB, w.studentB, w.teacherB, w.parentA]) expect((await contacts(viewer)).has(registrant.id), viewer.firstName).toBe(false);
  });
});
