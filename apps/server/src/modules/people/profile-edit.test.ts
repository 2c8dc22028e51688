import { beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/harness';
import { makeWorld, type World } from '../../test/world';

describeOnDatabases('PATCH people/{id}', (t) => {
  let w: World;
  const patch = async (viewer: World['admin'], id: number, body: unknown) =>
    t.request({ method: 'PATCH', url: `/api/${w.school.code}/people/${id}`, token: await t.signIn(viewer), body });
  const row = (id: number) => t.db.selectFrom('people').selectAll().where('org_id', '=', w.school.id).where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    w = await makeWorld(t);
  });

  it('lets a person change their own email, mobile and language', async () => {
    const res = await patch(w.parentA, w.parentA.id, { email: 'Pablo.New@Example.com', mobile: '+57 311 222 3344', language: 'fr' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'pablo.new@example.com', mobile: '+57 311 222 3344', language: 'fr' });
    expect(await row(w.parentA.id)).toMatchObject({ email: 'pablo.new@example.com', language: 'fr' });
  });

  it('refuses a malformed email with the §5 message and writes nothing', async () => {
    const before = await row(w.parentA.id);
    const res = await patch(w.parentA, w.parentA.id, { email: 'not-an-address', mobile: '+57 300 999 9999' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('The email does not have a valid format');
    expect(res.json().details).toEqual([{ path: 'email', message: 'The email does not have a valid format' }]);
    expect(await row(w.parentA.id)).toEqual(before);
  });

  it('refuses unknown fields and school fields for non-admins, with nothing written', async () => {
    const before = await row(w.studentA.id);
    const unknown = await patch(w.studentA, w.studentA.id, { nickname: 'Al' });
    expect(unknown.statusCode).toBe(400);
    const schoolField = await patch(w.studentA, w.studentA.id, { mobile: '+57 300 000 1111', firstName: 'Alberta' });
    expect(schoolField.statusCode).toBe(403);
    expect(schoolField.json()).toMatchObject({ error: 'admin_only_fields', message: expect.stringContaining('firstName') });
    expect(await row(w.studentA.id)).toEqual(before);
  });

  it("lets an admin change names, document and clinic data, and refuses another person's document (409)", async () => {
    const res = await patch(w.admin, w.studentA.id, { firstName: 'Alba María', clinic: { bloodType: 'A-', height: 130 } });
    expect(res.json()).toMatchObject({ firstName: 'Alba María', clinic: { bloodType: 'A-', height: 130, weight: null } });
    const other = await row(w.studentB.id);
    const before = await row(w.studentA.id);
    const duplicate = await patch(w.admin, w.studentA.id, { document: other.document, lastName: 'X' });
    expect(duplicate.statusCode).toBe(409);
    expect(await row(w.studentA.id)).toEqual(before);
    expect((await patch(w.admin, w.studentA.id, { clinic: { bloodType: 'Z+' } })).statusCode).toBe(400);
  });

  it('refuses other people (403) and unknown ids (404)', async () => {
    expect((await patch(w.parentB, w.parentA.id, { mobile: '+57 300' })).statusCode).toBe(403);
    expect((await patch(w.parentA, w.studentA.id, { mobile: '+57 300' })).statusCode).toBe(403);
    expect((await patch(w.admin, 999999, { mobile: '+57 300' })).statusCode).toBe(404);
  });
});
