import { expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/harness';
import { timeZoneOf } from './time-zone';

describeOnDatabases('time zone (school setting)', (t) => {
  const put = (code: string, token: string | undefined, body: unknown) => t.request({ method: 'PUT', url: `/api/${code}/settings/time-zone`, token, body });
  const settingsOf = async (code: string) => (await t.request({ method: 'GET', url: `/api/${code}/vue/settings` })).json();
  const storedOf = async (orgId: number) =>
    JSON.parse((await t.db.selectFrom('orgs').select('settings').where('id', '=', orgId).executeTakeFirstOrThrow()).settings) as Record<string, unknown>;

  it('is Bogotá until an administrator sets another IANA zone; GET vue/settings shows it and other keys survive', async () => {
    const school = await t.makeSchool({ settings: { signInByEmail: true, public: { city: 'Madrid' } } });
    const admin = await t.makePerson(school, { role: 'admin' });
    expect((await settingsOf(school.code)).timeZone).toBe('America/Bogota');

    const set = await put(school.code, await t.signIn(admin), { timeZone: ' Europe/Madrid ' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ timeZone: 'Europe/Madrid' });
    expect(await settingsOf(school.code)).toMatchObject({ timeZone: 'Europe/Madrid', signInByEmail: true, city: 'Madrid' });
    expect(await storedOf(school.id)).toMatchObject({ timeZone: 'Europe/Madrid', signInByEmail: true });
  });

  it('refuses names that are not zones with 400 invalid_time_zone and changes nothing', async () => {
    const school = await t.makeSchool({ settings: { timeZone: 'Europe/Madrid' } });
    const token = await t.signIn(await t.makePerson(school, { role: 'admin' }));
    for (const timeZone of ['Mars/Olympus', 'Europe/Madrid\u0000', '   ', 'x'.repeat(65), 'GMT+25']) {
      const res = await put(school.code, token, { timeZone });
      expect(res.statusCode, timeZone).toBe(400);
      expect(res.json().error, timeZone).toMatch(/^(invalid_time_zone|invalid_request|invalid_characters)$/);
    }
    expect((await put(school.code, token, { timeZone: 'Mars/Olympus' })).json()).toMatchObject({ error: 'invalid_time_zone' });
    for (const body of [{}, { timeZone: 42 }, { timeZone: 'Europe/Madrid', extra: 1 }, null]) {
      expect((await put(school.code, token, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await storedOf(school.id)).timeZone).toBe('Europe/Madrid');
  });

  it('is for school administrators: teachers and parents 403, guests 401, another school 403', async () => {
    const school = await t.makeSchool();
    const other = await t.makeSchool();
    const body = { timeZone: 'Asia/Tokyo' };
    expect((await put(school.code, await t.signIn(await t.makePerson(school, { role: 'teacher' })), body)).statusCode).toBe(403);
    expect((await put(school.code, await t.signIn(await t.makePerson(school)), body)).statusCode).toBe(403);
    expect((await put(school.code, undefined, body)).statusCode).toBe(401);
    expect((await put(school.code, await t.signIn(await t.makePerson(other, { role: 'admin' })), body)).statusCode).toBe(403);
    expect((await settingsOf(school.code)).timeZone).toBe('America/Bogota');
  });
});

it('reads a stored zone, and falls back to Bogotá for a missing or unknown one', () => {
  expect(timeZoneOf({ timeZone: 'Europe/Madrid' })).toBe('Europe/Madrid');
  expect(timeZoneOf({})).toBe('America/Bogota');
  expect(timeZoneOf({ timeZone: 'Nowhere/Land' })).toBe('America/Bogota');
  expect(timeZoneOf({ timeZone: 7 })).toBe('America/Bogota');
});
