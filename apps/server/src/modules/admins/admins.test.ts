import { expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/harness';

describeOnDatabases('school administrators', (t) => {
  it('adds and removes administrators, but never the last one', async () => {
    const school = await t.makeSchool();
    const first = await t.makePerson(school, { role: 'admin' });
    const other = await t.makePerson(school);
    const token = await t.signIn(first);
    const url = `/api/${school.code}/admins`;
    const isAdmin = async (id: number) => (await t.db.selectFrom('people').select('is_admin').where('org_id', '=', school.id).where('id', '=', id).executeTakeFirstOrThrow()).is_admin;

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

describeOnDatabases('school administrators under concurrency', (t) => {
  it('item 7: admins removing each other and themselves at once always leave one administrator', async () => {
    // Several schools at once, so the requests really overlap on PostgreSQL's connection pool.
    const schools = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const school = await t.makeSchool();
        const admins = [await t.makePerson(school, { role: 'admin' }), await t.makePerson(school, { role: 'admin' })];
        return { school, admins, tokens: await Promise.all(admins.map((a) => t.signIn(a))) };
      }),
    );
    // 20 requests per school: each admin removes the other and, now and then, themselves.
    const requests = schools.flatMap(({ school, admins, tokens }) =>
      Array.from({ length: 20 }, (_, i) => {
        const by = i % 2;
        const target = i % 5 === 4 ? admins[by] : admins[1 - by];
        return t.request({ method: 'DELETE', url: `/api/${school.code}/admins/${target.id}`, token: tokens[by] });
      }),
    );
    const answers = await Promise.all(requests);
    for (const res of answers) {
      expect([204, 403, 404, 409]).toContain(res.statusCode);
      if (res.statusCode !== 204) expect(res.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
    }
    expect(answers.some((res) => res.statusCode === 409)).toBe(true);
    for (const { school } of schools) {
      const left = await t.db.selectFrom('people').select('id').where('org_id', '=', school.id).where('is_admin', '=', 1).execute();
      expect(left).toHaveLength(1);
    }
  });
});
