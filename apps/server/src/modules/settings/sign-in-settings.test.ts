import { expect, it } from 'vitest';
import { demoOrg, seedSchool } from '../../db/seed/index';
import { demoSteps } from '../../db/seed/demo-school';
import { admin as demoAdmin } from '../../db/seed/demo-people';
import { basic } from '../../test/factories';
import { describeOnDatabases } from '../../test/harness';

describeOnDatabases('sign-in by email (school setting)', (t) => {
  const signIn = (code: string, username: string, password: string) =>
    t.request({ method: 'POST', url: `/api/${code}/oauth/token`, body: { grant_type: 'client_credentials' }, headers: { authorization: basic(username, password) } });

  it('is off by default: an email in the username field is an unknown username', async () => {
    const school = await t.makeSchool();
    const parent = await t.makePerson(school, { username: 'pilar', password: 'a long enough phrase' });
    expect((await signIn(school.code, 'pilar@example.com', parent.password)).statusCode).toBe(401);
    expect((await signIn(school.code, 'pilar', parent.password)).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: `/api/${school.code}/vue/settings` })).json().signInByEmail).toBe(false);
  });

  it('once an administrator turns it on, accepts the email of exactly one person with a password, in any case', async () => {
    const school = await t.makeSchool({ settings: { color: '#112233', public: { city: 'Cali' } } });
    const admin = await t.makePerson(school, { role: 'admin' });
    const parent = await t.makePerson(school, { username: 'ramiro', password: 'a long enough phrase' });
    const res = await t.request({ method: 'PUT', url: `/api/${school.code}/settings/sign-in`, token: await t.signIn(admin), body: { signInByEmail: true } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ signInByEmail: true, color: '#112233', city: 'Cali' });
    expect((await t.request({ method: 'GET', url: `/api/${school.code}/vue/settings` })).json()).toMatchObject({ signInByEmail: true, city: 'Cali' });

    const ok = await signIn(school.code, 'RAMIRO@Example.com', parent.password);
    expect(ok.statusCode).toBe(200);
    expect(JSON.parse(Buffer.from(ok.json().access_token.split('.')[1], 'base64url').toString()).uid).toBe(parent.id);
    // The wrong password by email is the same 401 as by username.
    const wrong = await signIn(school.code, 'ramiro@example.com', 'not the password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe('invalid_credentials');
  });

  it('answers the same 401 for an email two people share, and for an email whose owner has no password', async () => {
    const school = await t.makeSchool({ settings: { signInByEmail: true } });
    const a = await t.makePerson(school, { username: 'shared-a', password: 'a long enough phrase' });
    const b = await t.makePerson(school, { username: 'shared-b', password: 'a long enough phrase' });
    await t.db.updateTable('people').set({ email: 'familia@example.com' }).where('org_id', '=', school.id).where('id', 'in', [a.id, b.id]).execute();
    const shared = await signIn(school.code, 'familia@example.com', a.password);
    expect(shared.statusCode).toBe(401);
    expect(shared.json().error).toBe('invalid_credentials');

    const noPassword = await t.makePerson(school, { username: 'nopass' });
    await t.db.updateTable('people').set({ password_hash: null }).where('org_id', '=', school.id).where('id', '=', noPassword.id).execute();
    expect((await signIn(school.code, 'nopass@example.com', noPassword.password)).statusCode).toBe(401);
  });

  it("never finds a person of another school by email", async () => {
    const home = await t.makeSchool({ settings: { signInByEmail: true } });
    const other = await t.makeSchool({ settings: { signInByEmail: true } });
    const stranger = await t.makePerson(other, { username: 'lejos', password: 'a long enough phrase' });
    expect((await signIn(home.code, 'lejos@example.com', stranger.password)).statusCode).toBe(401);
    expect((await signIn(other.code, 'lejos@example.com', stranger.password)).statusCode).toBe(200);
  });

  it('is for school administrators to change: others 403, guests 401, another school 403', async () => {
    const school = await t.makeSchool();
    const other = await t.makeSchool();
    const teacher = await t.makePerson(school, { role: 'teacher' });
    const otherAdmin = await t.makePerson(other, { role: 'admin' });
    const put = (token?: string) => t.request({ method: 'PUT', url: `/api/${school.code}/settings/sign-in`, token, body: { signInByEmail: true } });
    expect((await put(await t.signIn(teacher))).statusCode).toBe(403);
    expect((await put()).statusCode).toBe(401);
    expect((await put(await t.signIn(otherAdmin))).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: `/api/${school.code}/vue/settings` })).json().signInByEmail).toBe(false);
    const admin = await t.makePerson(school, { role: 'admin' });
    const bad = await t.request({ method: 'PUT', url: `/api/${school.code}/settings/sign-in`, token: await t.signIn(admin), body: { signInByEmail: 'yes' } });
    expect(bad.statusCode).toBe(400);
  });

  it('is on in the demo school', async () => {
    await seedSchool(t.db, demoOrg, demoSteps);
    const settings = (await t.request({ method: 'GET', url: '/api/demo/vue/settings' })).json();
    expect(settings.signInByEmail).toBe(true);
    // The demo administrator, Beatriz Salazar, by her staff address.
    expect(demoAdmin.email).toMatch(/@/);
    expect((await signIn('demo', demoAdmin.email!, 'demo1234')).statusCode).toBe(200);
  });
});
