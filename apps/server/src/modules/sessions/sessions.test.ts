import { LIVE_CLOSE } from '@patio/core';
import { beforeAll, expect, it } from 'vitest';
import { describeOnDatabases, type Org } from '../../test/harness';
import { listenOnLoopback, useLiveClients, within } from '../live/live-client.fixtures';
import { IPHONE, PIXEL, sessionClient, WINDOWS_EDGE } from './sessions.fixtures';
import { describeUserAgent } from './user-agent';

describeOnDatabases('signed-in sessions', (t) => {
  let school: Org;
  let base: string;
  const { connect } = useLiveClients(() => ({ base, org: school.code }));

  beforeAll(async () => {
    school = await t.makeSchool({ title: 'Colegio Sesiones' });
    base = await listenOnLoopback(t.app);
  });

  const { signInFrom, legacy } = sessionClient(t);
  const me = (token: string, org = school) => sessionClient(t).me(token, org);
  const expectRevoked = (token: string, org = school) => sessionClient(t).expectRevoked(token, org);
  const signOutEverywhere = (token: string, body?: unknown) =>
    t.request({ method: 'POST', url: `/api/${school.code}/sessions/sign-out-everywhere`, token, body });

  it('item 2: lists the signed-in devices with platform, model, last use and which one is this one', async () => {
    const parent = await t.makePerson(school);
    const phone = await signInFrom(parent, PIXEL);
    const laptop = await signInFrom(parent, WINDOWS_EDGE);
    const answer = await me(laptop);
    expect(answer.statusCode).toBe(200);
    const list = answer.json() as { id: number; platform: string; model: string; lastUsedAt: string; current: boolean }[];
    expect(list).toHaveLength(2);
    expect(list.find((s) => s.current)).toMatchObject({ platform: 'Windows', model: 'Edge 131' });
    expect(list.find((s) => !s.current)).toMatchObject({ platform: 'Android', model: 'Pixel 8', lastUsedAt: expect.any(String) });
    expect((await me(phone)).json().find((s: { current: boolean }) => s.current).model).toBe('Pixel 8');

    // The app's device registration names the device better than the User-Agent.
    const registered = await t.request({
      method: 'POST',
      url: `/api/${school.code}/people/${parent.id}/devices`,
      token: phone,
      body: { token: 'fcm-token-1', platform: 'android', model: 'Pixel 8 Pro', uuid: 'uuid-1' },
    });
    expect(registered.statusCode).toBe(201);
    expect((await me(phone)).json().find((s: { current: boolean }) => s.current)).toMatchObject({ platform: 'android', model: 'Pixel 8 Pro' });
  });

  it('item 2: sign out everywhere revokes every token of the account (401 token_revoked); a new sign-in works', async () => {
    const parent = await t.makePerson(school);
    const phone = await signInFrom(parent, PIXEL);
    const laptop = await signInFrom(parent, WINDOWS_EDGE);
    const beforeSessions = await legacy(parent);
    expect((await me(beforeSessions)).statusCode).toBe(200);
    expect((await me(phone)).statusCode).toBe(200); // cached now: the revocation must reach the cache
    const done = await signOutEverywhere(laptop);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ revoked: 2, keptCurrent: false });
    for (const token of [phone, laptop, beforeSessions]) await expectRevoked(token);
    const fresh = await signInFrom(parent, IPHONE);
    const list = await me(fresh);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([expect.objectContaining({ platform: 'iOS', model: 'Safari 17', current: true })]);
  });

  it('item 2: sign out everywhere else keeps the asking session and ends the others', async () => {
    const parent = await t.makePerson(school);
    const phone = await signInFrom(parent, PIXEL);
    const laptop = await signInFrom(parent, WINDOWS_EDGE);
    const done = await signOutEverywhere(laptop, { keepCurrent: true });
    expect(done.json()).toEqual({ revoked: 1, keptCurrent: true });
    await expectRevoked(phone);
    expect((await me(laptop)).json()).toEqual([expect.objectContaining({ current: true, platform: 'Windows' })]);
    expect((await signOutEverywhere(laptop, { keepCurrent: 'yes' })).statusCode).toBe(400);
    expect((await me(laptop)).statusCode).toBe(200);
  });

  it('item 2: revoking one session leaves the others working', async () => {
    const parent = await t.makePerson(school);
    const phone = await signInFrom(parent, PIXEL);
    const laptop = await signInFrom(parent, WINDOWS_EDGE);
    const phoneId = (await me(phone)).json().find((s: { current: boolean }) => s.current).id as number;
    expect((await me(phone)).statusCode).toBe(200);
    const revoked = await t.request({ method: 'DELETE', url: `/api/${school.code}/sessions/${phoneId}`, token: laptop });
    expect(revoked.statusCode).toBe(204);
    await expectRevoked(phone);
    expect((await me(laptop)).json()).toHaveLength(1);
    // Twice, unknown, or not an id: 404, 404, 400.
    expect((await t.request({ method: 'DELETE', url: `/api/${school.code}/sessions/${phoneId}`, token: laptop })).statusCode).toBe(404);
    expect((await t.request({ method: 'DELETE', url: `/api/${school.code}/sessions/99999999`, token: laptop })).statusCode).toBe(404);
    expect((await t.request({ method: 'DELETE', url: `/api/${school.code}/sessions/1%00`, token: laptop })).statusCode).toBe(400);
    expect((await t.request({ method: 'DELETE', url: `/api/${school.code}/sessions/abc`, token: laptop })).statusCode).toBe(400);
  });

  it('item 2: another person, or another school, can neither list nor revoke my sessions', async () => {
    const parent = await t.makePerson(school);
    const stranger = await t.makePerson(school);
    const phone = await signInFrom(parent, PIXEL);
    const phoneId = (await me(phone)).json()[0].id as number;
    const strangerToken = await signInFrom(stranger, IPHONE);
    const theirs = (await me(strangerToken)).json() as { id: number }[];
    expect(theirs.map((s) => s.id)).not.toContain(phoneId);
    expect((await t.request({ method: 'DELETE', url: `/api/${school.code}/sessions/${phoneId}`, token: strangerToken })).statusCode).toBe(404);
    // Another school's administrator: their token is for their school; on this one it is refused.
    const other = await t.makeSchool();
    const otherAdmin = await t.makePerson(other, { role: 'admin' });
    const otherToken = await signInFrom(otherAdmin);
    expect((await t.request({ method: 'DELETE', url: `/api/${other.code}/sessions/${phoneId}`, token: otherToken })).statusCode).toBe(404);
    expect((await t.request({ method: 'DELETE', url: `/api/${other.code}/people/${parent.id}/sessions`, token: otherToken })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/${school.code}/sessions`, token: otherToken })).statusCode).toBe(403);
    // A parent may not sign another person out.
    expect((await t.request({ method: 'DELETE', url: `/api/${school.code}/people/${parent.id}/sessions`, token: strangerToken })).statusCode).toBe(403);
    expect((await me(phone)).statusCode).toBe(200);
  });

  it('item 2: an administrator signing a person out revokes every token of theirs', async () => {
    const admin = await t.makePerson(school, { role: 'admin' });
    const teacher = await t.makePerson(school);
    const phone = await signInFrom(teacher);
    const old = await legacy(teacher);
    const adminToken = await signInFrom(admin);
    expect((await me(phone)).statusCode).toBe(200);
    const answer = await t.request({ method: 'DELETE', url: `/api/${school.code}/people/${teacher.id}/sessions`, token: adminToken });
    expect(answer.statusCode).toBe(204);
    await expectRevoked(phone);
    await expectRevoked(old);
    expect((await me(adminToken)).statusCode).toBe(200);
    expect((await me(await signInFrom(teacher))).statusCode).toBe(200);
    expect((await t.request({ method: 'DELETE', url: `/api/${school.code}/people/99999999/sessions`, token: adminToken })).statusCode).toBe(404);
  });

  it('item 2: twenty parallel sign-outs everywhere end everything once, without a server error', async () => {
    const parent = await t.makePerson(school);
    const tokens = await Promise.all(Array.from({ length: 3 }, () => signInFrom(parent)));
    const answers = await Promise.all(Array.from({ length: 20 }, () => signOutEverywhere(tokens[0])));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.every((c) => c === 200 || c === 401)).toBe(true);
    expect(codes).toContain(200);
    for (const token of tokens) await expectRevoked(token);
  });

  it("item 2: a revoked token's live socket closes within seconds (4401 token_revoked); the other session's stays", async () => {
    const parent = await t.makePerson(school);
    const phone = await signInFrom(parent, PIXEL);
    const laptop = await signInFrom(parent, WINDOWS_EDGE);
    const phoneSocket = await connect(phone);
    const laptopSocket = await connect(laptop);
    const phoneId = (await me(phone)).json().find((s: { current: boolean }) => s.current).id as number;
    expect((await t.request({ method: 'DELETE', url: `/api/${school.code}/sessions/${phoneId}`, token: laptop })).statusCode).toBe(204);
    expect(await within(phoneSocket.closed, 5000)).toEqual({ code: LIVE_CLOSE.unauthorized, reason: 'token_revoked' });
    laptopSocket.send({ type: 'ping' });
    expect(await laptopSocket.next()).toEqual({ type: 'pong' });

    expect((await signOutEverywhere(laptop)).statusCode).toBe(200);
    expect(await within(laptopSocket.closed, 5000)).toEqual({ code: LIVE_CLOSE.unauthorized, reason: 'token_revoked' });
  });
});

it('item 2: names the device of a User-Agent', () => {
  expect(describeUserAgent(PIXEL)).toEqual({ platform: 'Android', model: 'Pixel 8' });
  expect(describeUserAgent(IPHONE)).toEqual({ platform: 'iOS', model: 'Safari 17' });
  expect(describeUserAgent(WINDOWS_EDGE)).toEqual({ platform: 'Windows', model: 'Edge 131' });
  expect(describeUserAgent('Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36')).toEqual({ platform: 'Android', model: 'Chrome 131' });
  expect(describeUserAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:133.0) Gecko/20100101 Firefox/133.0')).toEqual({ platform: 'macOS', model: 'Firefox 133' });
  expect(describeUserAgent('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36')).toEqual({ platform: 'Linux', model: 'Chrome 156' });
  expect(describeUserAgent(undefined)).toEqual({ platform: '', model: '' });
  expect(describeUserAgent('x'.repeat(100_000))).toEqual({ platform: '', model: '' });
});
