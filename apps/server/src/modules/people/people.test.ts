import { expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/harness';

const cardKeys = ['avatar', 'firstName', 'id', 'lastName', 'lastName2', 'roles'];

describeOnDatabases('GET people/{id}', (t) => {
  const get = (code: string, id: number | string, token?: string) =>
    t.request({ method: 'GET', url: `/api/${code}/people/${id}`, token });

  it('shows the full profile to the person, their relatives and school admins', async () => {
    const school = await t.makeSchool();
    const child = await t.makePerson(school, { role: 'student' });
    const mother = await t.makePerson(school, { relativeOf: child, gender: 'female' });
    const admin = await t.makePerson(school, { role: 'admin' });
    for (const viewer of [child, mother, admin]) {
      const res = await get(school.code, child.id, await t.signIn(viewer));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: child.id, email: `${child.username}@example.com`, roles: ['student'] });
    }
    // The relationship is stored both ways: the child sees the mother's profile too.
    const other = await get(school.code, mother.id, await t.signIn(child));
    expect(other.json().email).toBeDefined();
    expect(other.json().roles).toEqual(['relative']);
  });

  it("shows staff of another class only the public card, and refuses it to another family's parent", async () => {
    const school = await t.makeSchool();
    const child = await t.makePerson(school, { role: 'student' });
    const stranger = await t.makePerson(school, { role: 'relative' });
    // A teacher of another class is staff, but not this child's teacher.
    const teacher = await t.makePerson(school, { role: 'teacher', className: 'Class B' });
    const res = await get(school.code, child.id, await t.signIn(teacher));
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(cardKeys);
    expect((await get(school.code, child.id, await t.signIn(stranger))).statusCode).toBe(403);
  });

  it('answers 404 for an unknown id, 400 for a malformed one, 401 for a guest', async () => {
    const school = await t.makeSchool();
    const ana = await t.makePerson(school);
    const token = await t.signIn(ana);
    expect((await get(school.code, 999999, token)).statusCode).toBe(404);
    const bad = await get(school.code, 'abc', token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].path).toBe('id');
    expect((await get(school.code, ana.id)).statusCode).toBe(401);
  });

  it('never finds a person of another school, even for its own admin on the right school', async () => {
    const a = await t.makeSchool();
    const b = await t.makePerson(await t.makeSchool());
    const admin = await t.makePerson(a, { role: 'admin' });
    expect((await get(a.code, b.id, await t.signIn(admin))).statusCode).toBe(404);
  });
});
