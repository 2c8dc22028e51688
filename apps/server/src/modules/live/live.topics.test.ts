import { LIVE_CLOSE } from '@patio/core';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/harness';
import { makeWorld, type World } from '../../test/world';
import { listenOnLoopback, openLive, useLiveClients, within, type LiveTestClient } from './live-client.fixtures';
import { positionMessage, roomBusTopic, routeEventMessage, testRooms } from './live-topics.fixtures';
import { defaultLiveSettings } from './live.settings';

// Topic subscriptions over real sockets, with a topic of the tests (even rooms are open): the live area
// is generic, and the transport topic has its own test against the world's bus route.

describeOnDatabases('live topics', (t) => {
  let w: World;
  let base: string;
  const rooms = testRooms();
  const { connect, open, subscribe } = useLiveClients(() => ({ base, org: w.school.code }));
  const publish = (room: number, message: unknown, orgId = w.school.id) => t.app.patio.events.publish(roomBusTopic(orgId, room), message);
  /** Every message the server wrote to `client` before now has arrived: a pong comes after them. */
  const settled = async (client: LiveTestClient) => {
    const before = client.received.length;
    client.send({ type: 'ping' });
    await expect.poll(() => client.received.slice(before).some((m) => (m as { type: string }).type === 'pong')).toBe(true);
  };

  beforeAll(async () => {
    w = await makeWorld(t);
    base = await listenOnLoopback(t.app);
    t.app.live.topics.push(rooms);
  });
  afterEach(async () => {
    Object.assign(t.app.live.settings, defaultLiveSettings);
    rooms.revoked.clear();
  });

  it('authenticates with the access_token of its address, refusing it exactly as the first message', async () => {
    const client = await open({ accessToken: await t.signIn(w.parentA) });
    expect(await client.next()).toEqual({ type: 'ready', personId: w.parentA.id });
    client.send({ type: 'ping' });
    expect(await client.next()).toEqual({ type: 'pong' });

    const forged = await open({ accessToken: `${(await t.signIn(w.parentA)).slice(0, -4)}AAAA` });
    expect(await within(forged.closed)).toEqual({ code: LIVE_CLOSE.unauthorized, reason: 'invalid_token' });
    const expired = await open({ accessToken: await t.signIn(w.parentA, -60) });
    expect(await within(expired.closed)).toEqual({ code: LIVE_CLOSE.unauthorized, reason: 'token_expired' });
    const otherSchool = await open({ accessToken: await t.signIn(w.otherAdmin) });
    expect(await within(otherSchool.closed)).toEqual({ code: LIVE_CLOSE.forbidden, reason: 'wrong_school' });
    const empty = await open({ accessToken: '' });
    expect(await within(empty.closed)).toEqual({ code: LIVE_CLOSE.badMessage, reason: 'bad_message' });
    expect([...forged.received, ...expired.received, ...otherSchool.received, ...empty.received]).toEqual([]);

    // The token was given: an auth message as well is out of protocol.
    const twice = await open({ accessToken: await t.signIn(w.parentA) });
    twice.send({ type: 'auth', token: await t.signIn(w.parentA) });
    expect(await within(twice.closed)).toEqual({ code: LIVE_CLOSE.badMessage, reason: 'bad_message' });
  });

  it('answers what is sent right after opening with the token in the address once it is ready, in order', async () => {
    const client = await open({ accessToken: await t.signIn(w.parentA) });
    client.send({ subscribe: 'test/rooms/2' });
    client.send({ type: 'ping' });
    expect(await client.next()).toEqual({ type: 'ready', personId: w.parentA.id });
    expect(await client.next()).toEqual({ type: 'subscribed', topic: 'test/rooms/2' });
    expect(await client.next()).toEqual({ type: 'pong' });
  });

  it('closes a socket that subscribes before giving its token', async () => {
    const client = await open();
    client.send({ subscribe: 'test/rooms/2' });
    expect(await within(client.closed)).toEqual({ code: LIVE_CLOSE.badMessage, reason: 'bad_message' });
  });

  it('sends each event of a followed topic to every socket that follows it, in the order published, as the protocol has it', async () => {
    const parent = await connect(await t.signIn(w.parentA));
    const teacher = await connect(await t.signIn(w.teacherA));
    const bystander = await connect(await t.signIn(w.parentB));
    expect(await subscribe(parent, 'test/rooms/2')).toEqual({ type: 'subscribed', topic: 'test/rooms/2' });
    expect(await subscribe(teacher, 'test/rooms/2')).toEqual({ type: 'subscribed', topic: 'test/rooms/2' });
    // Subscribing again changes nothing, and is answered the same.
    expect(await subscribe(teacher, 'test/rooms/2')).toEqual({ type: 'subscribed', topic: 'test/rooms/2' });
    expect(t.app.live.followers(roomBusTopic(w.school.id, 2))).toBe(2);

    const sent = [positionMessage(7, 1), positionMessage(7, 2), routeEventMessage(7, 40), positionMessage(7, 3), positionMessage(7, 4)];
    // Fields the protocol does not have are not passed on.
    await publish(2, { ...sent[0], secret: 'not for sockets' });
    for (const message of sent.slice(1)) await publish(2, message);
    for (const client of [parent, teacher]) {
      const got = [];
      for (let i = 0; i < sent.length; i++) got.push(await client.next());
      expect(got).toEqual(sent);
    }
    await settled(bystander);
    expect(bystander.received).toEqual([{ type: 'ready', personId: w.parentB.id }, { type: 'pong' }]);
  });

  it('refuses a topic the caller may not see, and sends none of its events even when they are published', async () => {
    const client = await connect(await t.signIn(w.parentA));
    expect(await subscribe(client, 'test/rooms/3')).toEqual({ type: 'error', topic: 'test/rooms/3', error: 'forbidden', message: 'This room is not yours' });
    expect(t.app.live.followers(roomBusTopic(w.school.id, 3))).toBe(0);
    expect(await subscribe(client, 'test/rooms/4')).toEqual({ type: 'subscribed', topic: 'test/rooms/4' });
    await publish(3, positionMessage(3, 1));
    await publish(4, positionMessage(4, 1));
    expect(await client.next()).toEqual(positionMessage(4, 1));
    await settled(client);
    expect(client.received.filter((m) => (m as { route?: number }).route === 3)).toEqual([]);
  });

  it('answers unknown_topic for a name no topic has, and closes on a subscribe that is not of the protocol', async () => {
    const client = await connect(await t.signIn(w.parentA));
    expect(await subscribe(client, 'test/rooms/two')).toEqual({ type: 'error', topic: 'test/rooms/two', error: 'unknown_topic', message: expect.any(String) });
    expect(await subscribe(client, 'org.1.threads')).toEqual({ type: 'error', topic: 'org.1.threads', error: 'unknown_topic', message: expect.any(String) });
    client.send({ subscribe: 'x'.repeat(201) });
    expect(await within(client.closed)).toEqual({ code: LIVE_CLOSE.badMessage, reason: 'bad_message' });
  });

  it('stops a topic on unsubscribe, and keeps one bus subscription per topic, ended after its last socket left', async () => {
    t.app.live.settings.unsubscribeDelayMs = 50;
    const before = t.app.live.stats().topics;
    const leaving = await connect(await t.signIn(w.parentA));
    const staying = await connect(await t.signIn(w.teacherA));
    await subscribe(leaving, 'test/rooms/6');
    await subscribe(staying, 'test/rooms/6');
    expect(t.app.live.stats().topics).toBe(before + 1);

    leaving.send({ unsubscribe: 'test/rooms/6' });
    expect(await leaving.next()).toEqual({ type: 'unsubscribed', topic: 'test/rooms/6' });
    await publish(6, positionMessage(6, 1));
    expect(await staying.next()).toEqual(positionMessage(6, 1));
    await settled(leaving);
    expect(leaving.received.filter((m) => (m as { type: string }).type === 'position')).toEqual([]);

    staying.socket.close();
    await staying.closed;
    await expect.poll(() => t.app.live.stats().topics, { timeout: 2000 }).toBe(before);
  });

  it('limits the topics of one socket', async () => {
    t.app.live.settings.maxTopicsPerConnection = 2;
    const client = await connect(await t.signIn(w.parentA));
    expect(await subscribe(client, 'test/rooms/12')).toEqual({ type: 'subscribed', topic: 'test/rooms/12' });
    expect(await subscribe(client, 'test/rooms/14')).toEqual({ type: 'subscribed', topic: 'test/rooms/14' });
    expect(await subscribe(client, 'test/rooms/16')).toEqual({ type: 'error', topic: 'test/rooms/16', error: 'too_many_topics', message: expect.any(String) });
    expect(await subscribe(client, 'test/rooms/14')).toEqual({ type: 'subscribed', topic: 'test/rooms/14' });
    client.send({ unsubscribe: 'test/rooms/12' });
    await client.next();
    expect(await subscribe(client, 'test/rooms/16')).toEqual({ type: 'subscribed', topic: 'test/rooms/16' });
  });

  it('passes on nothing published on a topic that is not a topic message', async () => {
    const client = await connect(await t.signIn(w.parentA));
    await subscribe(client, 'test/rooms/18');
    for (const junk of [null, 'position', { type: 'threads.changed', threadId: 1 }, { ...positionMessage(18, 1), route: '18' }, { type: 'route.event', route: 18 }]) {
      await publish(18, junk);
    }
    await publish(18, positionMessage(18, 2));
    expect(await client.next()).toEqual(positionMessage(18, 2));
    expect(client.received).toHaveLength(3);
  });

  it('drops a followed topic when the revalidated caller may no longer see it, and keeps the others', async () => {
    const client = await connect(await t.signIn(w.parentA));
    await subscribe(client, 'test/rooms/20');
    await subscribe(client, 'test/rooms/22');
    rooms.revoked.add(22);
    t.app.live.settings.revalidateMs = 0;
    t.app.live.tick();
    expect(await client.next()).toEqual({ type: 'error', topic: 'test/rooms/22', error: 'forbidden', message: 'This room is not yours' });
    expect(t.app.live.followers(roomBusTopic(w.school.id, 22))).toBe(0);
    await publish(22, positionMessage(22, 1));
    await publish(20, positionMessage(20, 1));
    expect(await client.next()).toEqual(positionMessage(20, 1));
    await settled(client);
    expect(client.received.filter((m) => (m as { route?: number }).route === 22)).toEqual([]);
    expect(client.socket.readyState).toBe(client.socket.OPEN);
  });

  it("never sends a school's topic events to another school's sockets that follow the same name", async () => {
    const world = await connect(await t.signIn(w.parentA));
    const norte = await connect(await t.signIn(w.otherAdmin), w.otherSchool.code);
    await subscribe(world, 'test/rooms/24');
    await subscribe(norte, 'test/rooms/24');
    await publish(24, positionMessage(24, 1), w.otherSchool.id);
    await publish(24, positionMessage(24, 2));
    expect(await world.next()).toEqual(positionMessage(24, 2));
    expect(await norte.next()).toEqual(positionMessage(24, 1));
    await settled(world);
    await settled(norte);
    expect(world.received.filter((m) => (m as { type: string }).type === 'position')).toHaveLength(1);
    expect(norte.received.filter((m) => (m as { type: string }).type === 'position')).toHaveLength(1);
  });

  it('answers a WebSocket upgrade to an address without a socket with 404, before the route runs', async () => {
    await expect(openLive(base, w.school.code, { path: 'people', accessToken: await t.signIn(w.parentA) })).rejects.toThrow(/404/);
    await expect(openLive(base, w.school.code, { path: 'no/such/thing' })).rejects.toThrow(/404/);
  });
});
