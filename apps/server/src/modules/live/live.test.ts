import { LIVE_CLOSE } from '@patio/core';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/harness';
import { makeRegistrant } from '../../test/registrants';
import { makeWorld, type World } from '../../test/world';
import { connectLive, listenOnLoopback, openLive, within, type LiveTestClient } from './live-client.fixtures';
import { defaultLiveSettings } from './live.settings';
import { announceThreadsChanged } from './threads-topic';

describeOnDatabases('live updates', (t) => {
  let w: World;
  let base: string;
  const clients: LiveTestClient[] = [];
  /** Connects and remembers the client, so every test leaves no socket behind. */
  const connect = async (org: string, token: string) => {
    const client = await connectLive(base, org, token);
    clients.push(client);
    return client;
  };
  const open = async (org: string) => {
    const client = await openLive(base, org);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    w = await makeWorld(t);
    base = await listenOnLoopback(t.app);
  });
  afterEach(async () => {
    for (const client of clients.splice(0)) client.socket.terminate();
    Object.assign(t.app.live.settings, defaultLiveSettings);
  });

  it('authenticates with the access token in the first message and says who is listening', async () => {
    const client = await open(w.school.code);
    client.send({ type: 'auth', token: await t.signIn(w.parentA) });
    expect(await client.next()).toEqual({ type: 'ready', personId: w.parentA.id });
    client.send({ type: 'ping' });
    expect(await client.next()).toEqual({ type: 'pong' });
  });

  it('closes with 4401 for a forged, an expired or a revoked token', async () => {
    const forged = await open(w.school.code);
    forged.send({ type: 'auth', token: `${(await t.signIn(w.parentA)).slice(0, -4)}AAAA` });
    expect(await within(forged.closed)).toEqual({ code: LIVE_CLOSE.unauthorized, reason: 'invalid_token' });

    const expired = await open(w.school.code);
    expired.send({ type: 'auth', token: await t.signIn(w.parentA, -60) });
    expect(await within(expired.closed)).toEqual({ code: LIVE_CLOSE.unauthorized, reason: 'token_expired' });

    const rejected = await makeRegistrant(t, w.school, { status: 'rejected' });
    const revoked = await open(w.school.code);
    revoked.send({ type: 'auth', token: await t.signIn(rejected) });
    expect(await within(revoked.closed)).toEqual({ code: LIVE_CLOSE.unauthorized, reason: 'token_revoked' });
    expect(forged.received).toEqual([]);
  });

  it('closes an open socket when its token expires', async () => {
    const client = await connect(w.school.code, await t.signIn(w.parentA, 2));
    expect(await within(client.closed, 4000)).toEqual({ code: LIVE_CLOSE.unauthorized, reason: 'token_expired' });
  });

  it("refuses another school's token and a registration the school has not approved, with 4403", async () => {
    const norteToken = await t.signIn(w.otherAdmin);
    const other = await open(w.school.code);
    other.send({ type: 'auth', token: norteToken });
    expect(await within(other.closed)).toEqual({ code: LIVE_CLOSE.forbidden, reason: 'wrong_school' });

    const waiting = await makeRegistrant(t, w.school);
    const pending = await open(w.school.code);
    pending.send({ type: 'auth', token: await t.signIn(waiting) });
    expect(await within(pending.closed)).toEqual({ code: LIVE_CLOSE.forbidden, reason: 'registration_pending' });
    expect([...other.received, ...pending.received]).toEqual([]);

    // The same token is fine on its own school's socket.
    expect((await connect(w.otherSchool.code, norteToken)).received).toEqual([{ type: 'ready', personId: w.otherAdmin.id }]);
  });

  it('closes a socket that does not authenticate in time', async () => {
    t.app.live.settings.authTimeoutMs = 200;
    const client = await open(w.school.code);
    expect(await within(client.closed)).toEqual({ code: LIVE_CLOSE.authTimeout, reason: 'auth_timeout' });
  });

  it('closes on anything but the protocol: text that is not JSON, binary frames, unknown or early messages, huge frames', async () => {
    const token = await t.signIn(w.parentA);
    const badMessage = { code: LIVE_CLOSE.badMessage, reason: 'bad_message' };
    const cases: unknown[] = [
      'hola',
      Buffer.from([1, 2, 3]),
      { type: 'ping' },
      { type: 'auth', token, extra: 1 },
      { type: 'auth', token: 12 },
      { type: 'auth', token: 'x'.repeat(5000) },
      { type: 'auth', token: `${token}\u0000` },
      { type: 'subscribe', topic: 'org.1.threads' },
    ];
    for (const message of cases) {
      const client = await open(w.school.code);
      if (Buffer.isBuffer(message)) client.socket.send(message, { binary: true });
      else client.send(message);
      const closed = await within(client.closed);
      // A NUL in the token is a well-formed message whose token is not valid.
      expect(closed, JSON.stringify(message)).toEqual(typeof message === 'object' && JSON.stringify(message).includes('\\u0000') ? { code: LIVE_CLOSE.unauthorized, reason: 'invalid_token' } : badMessage);
    }

    const authenticated = await connect(w.school.code, token);
    authenticated.send({ type: 'auth', token });
    expect(await within(authenticated.closed)).toEqual(badMessage);

    const huge = await open(w.school.code);
    huge.send('x'.repeat(100 * 1024));
    expect((await within(huge.closed)).code).toBe(1009);
  });

  it('delivers a change only to the sockets of the people it names, each of their sockets', async () => {
    const parentA = await connect(w.school.code, await t.signIn(w.parentA));
    const parentAPhone = await connect(w.school.code, await t.signIn(w.parentA));
    const teacherA = await connect(w.school.code, await t.signIn(w.teacherA));
    const parentB = await connect(w.school.code, await t.signIn(w.parentB));
    const admin = await connect(w.school.code, await t.signIn(w.admin));

    await announceThreadsChanged(t.app.patio.events, w.school.id, [w.parentA.id, w.teacherA.id], 41);
    await announceThreadsChanged(t.app.patio.events, w.school.id, [w.parentB.id], null);
    expect(await parentA.next()).toEqual({ type: 'threads.changed', threadId: 41 });
    expect(await parentAPhone.next()).toEqual({ type: 'threads.changed', threadId: 41 });
    expect(await teacherA.next()).toEqual({ type: 'threads.changed', threadId: 41 });
    // Events of one publisher arrive in order: B's first message is the second event, not the first.
    expect(await parentB.next()).toEqual({ type: 'threads.changed', threadId: null });
    // Administrators see every post, but live events go to the people named only.
    await announceThreadsChanged(t.app.patio.events, w.school.id, [w.admin.id], 42);
    expect(await admin.next()).toEqual({ type: 'threads.changed', threadId: 42 });
    expect(admin.received).toHaveLength(2);
    expect(parentA.received).toHaveLength(2);
    expect(parentB.received).toHaveLength(2);
  });

  it("never sends one school's events to another school's sockets, even to a person with the same id", async () => {
    const norte = await connect(w.otherSchool.code, await t.signIn(w.otherAdmin));
    const world = await connect(w.school.code, await t.signIn(w.parentA));
    // Every id a person of either school could have, announced on the world's school.
    await announceThreadsChanged(t.app.patio.events, w.school.id, [w.otherAdmin.id, w.parentA.id], 7);
    expect(await world.next()).toEqual({ type: 'threads.changed', threadId: 7 });
    await announceThreadsChanged(t.app.patio.events, w.otherSchool.id, [w.otherAdmin.id], 8);
    expect(await norte.next()).toEqual({ type: 'threads.changed', threadId: 8 });
    expect(norte.received).toEqual([{ type: 'ready', personId: w.otherAdmin.id }, { type: 'threads.changed', threadId: 8 }]);
  });

  it('keeps one bus subscription per school and ends it after the last socket leaves', async () => {
    t.app.live.settings.unsubscribeDelayMs = 50;
    const school = await t.makeSchool();
    const people = [await t.makePerson(school), await t.makePerson(school), await t.makePerson(school)];
    const before = t.app.live.stats();
    const sockets = await Promise.all(people.map(async (p) => connect(school.code, await t.signIn(p))));
    expect(t.app.live.stats()).toEqual({ ...before, open: before.open + 3, pending: 0, schools: before.schools + 1 });
    for (const client of sockets) client.socket.close();
    await Promise.all(sockets.map((client) => client.closed));
    await expect.poll(() => t.app.live.stats(), { timeout: 2000 }).toEqual(before);
  });

  it('limits the live sockets of one person', async () => {
    t.app.live.settings.maxConnectionsPerPerson = 2;
    const token = await t.signIn(w.teacherB);
    await connect(w.school.code, token);
    await connect(w.school.code, token);
    const third = await open(w.school.code);
    third.send({ type: 'auth', token });
    expect(await within(third.closed)).toEqual({ code: LIVE_CLOSE.tooMany, reason: 'too_many_connections' });
    // Another person is not counted against teacher B.
    await connect(w.school.code, await t.signIn(w.teacherA));
  });

  it('closes a socket that sends too many messages', async () => {
    t.app.live.settings.messagesPerMinute = 3;
    const client = await connect(w.school.code, await t.signIn(w.parentA));
    for (let i = 0; i < 3; i++) client.send({ type: 'ping' });
    expect(await within(client.closed)).toEqual({ code: LIVE_CLOSE.tooMany, reason: 'too_many_messages' });
  });

  it('answers a plain GET with 426, and an upgrade on an unknown school with 404', async () => {
    const res = await t.request({ method: 'GET', url: `/api/${w.school.code}/live` });
    expect(res.statusCode).toBe(426);
    expect(res.json()).toEqual({ error: 'upgrade_required', message: expect.any(String) });
    await expect(openLive(base, 'no-such-school')).rejects.toThrow(/404/);
  });

  it('documents the wire protocol in OpenAPI', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, { get?: { description?: string } }> };
    expect(doc.paths['/api/{org}/live']?.get?.description).toMatch(/"type":"auth"/);
  });
});
