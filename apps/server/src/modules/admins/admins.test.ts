import { expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/harness';

describeOnDatabases('school administrators', (t) => {
  it('adds and removes administrators, but never the last one', async () => {
    const school = await t.makeSchool();
    const first = await t.makePerson(school, { role: 'admin' });
    const other = await t.makePerson(school);
    const token = await t.signIn(first);
    const url = `/api/${school.code}/admins`;
    const isAdmin = async (id: number) => (await t.db.selectFrom('people').select('is_admin').where('id', '=', id).executeTakeFirstOrThrow()).is_admin;

    const last = await t.request({ method: 'DELETE', url: `${url}/${first.id}`, token });
    expect(last.statusCode).toBe(409);
    expect(last.json()).toMatchObject({ error: 'last_admin' });
    expect(await isAdmin(first.id)).toBe(1);

    const added = await t.request({ method: 'POST', url, token, body: { personId: other.id } });
    expect(added.statusCode).toBe(201);
    expect(added.json().map((p: { id: number }) => p.id)).toEqual([first.id, other.id]);
    expect((await t.request({ method: 'POST', url, token, body: { personId: other.id } })).statusCode).toBe(200);

    // The new admin removes the first; now they are the last one.
    expect((await t.request({ method: 'DELETE', url: `${url}/${first.id}`, token: await t.signIn(other) })).statusCode).toBe(204);
    expect((await t.request({ method: 'DELETE', url: `${url}/${other.id}`, token: await t.signIn(other) })).statusCode).toBe(409);
    expect(await isAdmin(other.id)).toBe(1);
    expect((await t.request({ method: 'GET', url, token: await t.signIn(first) })).json()).toEqual([expect.objectContaining({ id: other.id, roles: ['administrator'] })]);
  });

  it('refuses unknown people, non-admins, and people of another school', async () => {
    const school = await t.makeSchool();
    const admin = await t.makePerson(school, { role: 'admin' });
    const stranger = await t.makePerson(await t.makeSchool());
    const token = await t.signIn(admin);
    const url = `/api/${school.code}/admins`;
    expect((await t.request({ method: 'POST', url, token, body: { personId: 999999 } })).statusCode).toBe(400);
    expect((await t.request({ method: 'POST', url, token, body: { personId: stranger.id } })).statusCode).toBe(400);
    expect((await t.request({ method: 'POST', url, token, body: { personId: admin.id, extra: 1 } })).statusCode).toBe(400);
    expect((await t.request({ method: 'DELETE', url: `${url}/${stranger.id}`, token })).statusCode).toBe(404);
  });
});
