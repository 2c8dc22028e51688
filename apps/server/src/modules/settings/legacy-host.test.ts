import { expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/harness';

describeOnDatabases('legacy host (school setting)', (t) => {
  const put = (code: string, token: string | undefined, body: unknown) => t.request({ method: 'PUT', url: `/api/${code}/settings/legacy-host`, token, body });
  const settingsOf = async (code: string) => (await t.request({ method: 'GET', url: `/api/${code}/vue/settings` })).json();

  it('is null until an administrator sets it, then public; null goes back to the default and other keys survive', async () => {
    const school = await t.makeSchool({ settings: { signInByEmail: true, public: { city: 'Cali' } } });
    const admin = await t.makePerson(school, { role: 'admin' });
    expect((await settingsOf(school.code)).legacyHost).toBeNull();

    const set = await put(school.code, await t.signIn(admin), { legacyHost: '  https://colegio.example.org/v3/// ' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ legacyHost: 'https://colegio.example.org/v3', signInByEmail: true, city: 'Cali' });
    expect(await settingsOf(school.code)).toMatchObject({ legacyHost: 'https://colegio.example.org/v3', signInByEmail: true });

    const cleared = await put(school.code, await t.signIn(admin), { legacyHost: null });
    expect(cleared.json()).toMatchObject({ legacyHost: null, signInByEmail: true, city: 'Cali' });
    const stored = await t.db.selectFrom('orgs').select('settings').where('id', '=', school.id).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.settings)).not.toHaveProperty('legacyHost');
  });

  it('takes only an http(s) address without credentials, query or fragment, of at most 300 characters', async () => {
    const school = await t.makeSchool();
    const token = await t.signIn(await t.makePerson(school, { role: 'admin' }));
    for (const legacyHost of [
      'javascript:alert(1)',
      'ftp://colegio.example.org',
      'https://user:secret@colegio.example.org',
      'https://colegio.example.org/?a=1',
      'https://colegio.example.org/#x',
      'colegio.example.org',
      '',
      `https://colegio.example.org/${'a'.repeat(300)}`,
      'https://colegio.example.org/a b',
      'https://colegio\u0000.example.org',
      42,
    ]) {
      const res = await put(school.code, token, { legacyHost });
      expect(res.statusCode, String(legacyHost)).toBe(400);
    }
    expect((await settingsOf(school.code)).legacyHost).toBeNull();
    expect((await put(school.code, token, { legacyHost: 'http://192.168.1.20:8080' })).json().legacyHost).toBe('http://192.168.1.20:8080');
  });

  it('is for school administrators: others 403, guests 401, another school 403', async () => {
    const school = await t.makeSchool();
    const other = await t.makeSchool();
    const teacher = await t.makePerson(school, { role: 'teacher' });
    const otherAdmin = await t.makePerson(other, { role: 'admin' });
    const body = { legacyHost: 'https://evil.example.com' };
    expect((await put(school.code, await t.signIn(teacher), body)).statusCode).toBe(403);
    expect((await put(school.code, undefined, body)).statusCode).toBe(401);
    expect((await put(school.code, await t.signIn(otherAdmin), body)).statusCode).toBe(403);
    expect((await settingsOf(school.code)).legacyHost).toBeNull();
  });
});
