import { beforeAll, expect, it } from 'vitest';
import { describeOnDatabases, type Org } from '../../test/harness';
import { freshIp, IPHONE, PIXEL, sessionClient, WINDOWS_EDGE } from '../sessions/sessions.fixtures';
import { goodPassword, linkTokenOf, readDevMailbox } from './auth.fixtures';

// A new password ends every session of the account (issue 29 item 2; decision 024): the sessions
// area's own tests cover the rest of revocation.

describeOnDatabases('new passwords end sessions', (t) => {
  let school: Org;

  beforeAll(async () => {
    school = await t.makeSchool({ title: 'Colegio Contraseñas' });
  });

  const { signInFrom, legacy } = sessionClient(t);
  const me = (token: string) => sessionClient(t).me(token, school);
  const expectRevoked = (token: string) => sessionClient(t).expectRevoked(token, school);

  it('item 2: a password reset revokes every token of the account; the reset signs in a new session that works', async () => {
    const parent = await t.makePerson(school);
    const phone = await signInFrom(parent, PIXEL);
    const old = await legacy(parent);
    expect((await me(phone)).statusCode).toBe(200);
    const post = (path: string, body: object) =>
      t.app.inject({ method: 'POST', url: `/api/${school.code}/${path}`, payload: body, remoteAddress: freshIp(), headers: { 'user-agent': IPHONE } });
    expect((await post('password-resets', { login: parent.username })).statusCode).toBe(202);
    await t.drainJobs();
    const link = linkTokenOf(await readDevMailbox(t), `${parent.username}@example.com`, '/reset-password');
    const done = await post('password-resets/complete', { token: link, password: goodPassword });
    expect(done.statusCode).toBe(200);
    await expectRevoked(phone);
    await expectRevoked(old);
    const fresh = done.json().access_token as string;
    expect((await me(fresh)).json()).toEqual([expect.objectContaining({ current: true, platform: 'iOS' })]);
    expect((await me(await signInFrom(parent, PIXEL, goodPassword))).statusCode).toBe(200);
  });

  it('item 2: a password change revokes every token of the account, the changing device gets a new one that works', async () => {
    const parent = await t.makePerson(school);
    const phone = await signInFrom(parent, PIXEL);
    const laptop = await signInFrom(parent, WINDOWS_EDGE);
    const old = await legacy(parent);
    expect((await me(phone)).statusCode).toBe(200);
    const change = (token: string, body: unknown, id = parent.id) =>
      t.request({ method: 'POST', url: `/api/${school.code}/people/${id}/password`, token, body, headers: { 'user-agent': WINDOWS_EDGE } });

    // Refused: a wrong current password, a weak new one, bad input, someone else's account. Nothing changes.
    expect((await change(laptop, { currentPassword: 'wrong', newPassword: goodPassword })).json()).toMatchObject({ error: 'wrong_password' });
    expect((await change(laptop, { currentPassword: parent.password, newPassword: '123' })).json()).toMatchObject({ error: 'invalid_password' });
    expect((await change(laptop, { currentPassword: parent.password })).statusCode).toBe(400);
    expect((await change(laptop, { currentPassword: parent.password, newPassword: `a\u0000${goodPassword}` })).statusCode).toBe(400);
    const stranger = await t.makePerson(school);
    expect((await change(await signInFrom(stranger), { currentPassword: stranger.password, newPassword: goodPassword }, parent.id)).statusCode).toBe(403);
    expect((await me(phone)).statusCode).toBe(200);

    const done = await change(laptop, { currentPassword: parent.password, newPassword: goodPassword });
    expect(done.statusCode).toBe(200);
    for (const token of [phone, laptop, old]) await expectRevoked(token);
    expect((await me(done.json().access_token)).json()).toEqual([expect.objectContaining({ current: true, platform: 'Windows' })]);
    expect((await signInFrom(parent, PIXEL, goodPassword)).length).toBeGreaterThan(0);
  });
});
