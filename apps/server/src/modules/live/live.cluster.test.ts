import type { Socket } from 'node:net';
import { LIVE_CLOSE } from '@patio/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { defaultJobsConfig, type AppConfig } from '../../config';
import { RedisEventBus } from '../../platform/events/redis-bus';
import { redisForTests } from '../../platform/events/redis-test-server';
import { createFreshDatabase, testDatabases, type FreshDatabase } from '../../test/databases';
import { makeFactories } from '../../test/factories';
import { testConfig } from '../../test/harness';
import { useServerProcesses } from '../../test/server-processes';
import { connectLive, listenOnLoopback, openLive, within } from './live-client.fixtures';
import { positionMessage, roomBusTopic, routeEventMessage, testRooms } from './live-topics.fixtures';
import { announceThreadsChanged } from './threads-topic';

// Server processes are app instances (test/server-processes.ts): each has its own hub, sockets and bus connections.

const noJobs = { jobs: { ...defaultJobsConfig, inProcess: false } } satisfies Partial<AppConfig>;

describe('live sockets when the server closes', () => {
  let fresh: FreshDatabase;
  beforeAll(async () => {
    fresh = await createFreshDatabase(testDatabases[0]);
  });
  afterAll(async () => {
    await fresh?.drop();
  });

  it('closes every socket as going away, and cuts a client that does not finish the close handshake', async () => {
    const app = await buildApp(testConfig(fresh, noJobs));
    const factories = makeFactories(app);
    const school = await factories.makeSchool();
    const base = await listenOnLoopback(app);
    const listening = await connectLive(base, school.code, await factories.signIn(await factories.makePerson(school)));
    const unauthenticated = await openLive(base, school.code);
    const stuck = await connectLive(base, school.code, await factories.signIn(await factories.makePerson(school)));
    // This client stops reading: it never sees the server's close frame, so it never answers it.
    (stuck.socket as unknown as { _socket: Socket })._socket.pause();

    const started = Date.now();
    await within(app.close(), 5000);
    expect(Date.now() - started).toBeLessThan(4000);
    expect(await within(listening.closed)).toEqual({ code: LIVE_CLOSE.goingAway, reason: 'server_closing' });
    expect(await within(unauthenticated.closed)).toEqual({ code: LIVE_CLOSE.goingAway, reason: 'server_closing' });
    (stuck.socket as unknown as { _socket: Socket })._socket.resume();
    expect((await within(stuck.closed)).code).not.toBe(1000);
    expect(app.live.stats()).toEqual({ open: 0, pending: 0, schools: 0, topics: 0 });
  });
});

describe.skipIf(!redisForTests.available)(`live updates across server processes${redisForTests.available ? '' : ` (skipped: ${redisForTests.why})`}`, () => {
  const processes = useServerProcesses(testDatabases[0]);

  it('a socket on one process receives what another process announces, for its own school and person only', async () => {
    const [a, b] = await processes.start(2);
    expect(a.patio.events).toBeInstanceOf(RedisEventBus);
    const factories = makeFactories(a);
    const school = await factories.makeSchool();
    const other = await factories.makeSchool();
    const parent = await factories.makePerson(school);
    const neighbour = await factories.makePerson(school);
    const stranger = await factories.makePerson(other);
    const baseA = await listenOnLoopback(a);
    const atA = await connectLive(baseA, school.code, await factories.signIn(parent));
    const neighbourAtA = await connectLive(baseA, school.code, await factories.signIn(neighbour));
    const strangerAtA = await connectLive(baseA, other.code, await factories.signIn(stranger));

    await announceThreadsChanged(b.patio.events, school.id, [parent.id, stranger.id], 12);
    expect(await atA.next()).toEqual({ type: 'threads.changed', threadId: 12 });
    // Redis keeps one publisher's order: once these arrive, the first event has reached everyone it would.
    await announceThreadsChanged(b.patio.events, school.id, [neighbour.id], 13);
    await announceThreadsChanged(b.patio.events, other.id, [stranger.id], 14);
    expect(await neighbourAtA.next()).toEqual({ type: 'threads.changed', threadId: 13 });
    expect(await strangerAtA.next()).toEqual({ type: 'threads.changed', threadId: 14 });
    expect(atA.received).toHaveLength(2);
  });

  it('item 2: a sign-out on one process ends the token on another at once, and closes its live socket there', async () => {
    const [a, b] = await processes.start(2);
    const factories = makeFactories(a);
    const school = await factories.makeSchool();
    const parent = await factories.makePerson(school);
    const token = await factories.signIn(parent);
    const readAt = (app: FastifyInstance) => app.inject({ method: 'GET', url: `/api/${school.code}/sessions`, headers: { authorization: `Bearer ${token}` } });
    expect((await readAt(b)).statusCode).toBe(200); // b holds the caller in its cache now
    const atB = await connectLive(await listenOnLoopback(b), school.code, token);

    const other = await factories.signIn(parent);
    const done = await a.inject({ method: 'POST', url: `/api/${school.code}/sessions/sign-out-everywhere`, headers: { authorization: `Bearer ${other}` } });
    expect(done.statusCode).toBe(200);
    expect(await within(atB.closed, 5000)).toEqual({ code: LIVE_CLOSE.unauthorized, reason: 'token_revoked' });
    expect((await readAt(b)).json()).toEqual({ error: 'token_revoked', message: expect.any(String) });
  });

  it("a topic's socket on one process receives, in order, the events another process publishes, each process subscribed once", async () => {
    const [a, b] = await processes.start(2);
    for (const app of [a, b]) app.live.topics.push(testRooms());
    const factories = makeFactories(a);
    const school = await factories.makeSchool();
    const baseB = await listenOnLoopback(b);
    const watchers = await Promise.all([1, 2, 3].map(async () => connectLive(baseB, school.code, await factories.signIn(await factories.makePerson(school)))));
    for (const watcher of watchers) {
      watcher.send({ subscribe: 'test/rooms/2' });
      expect(await watcher.next()).toEqual({ type: 'subscribed', topic: 'test/rooms/2' });
    }
    const refused = watchers[0];
    refused.send({ subscribe: 'test/rooms/3' });
    expect(await refused.next()).toMatchObject({ type: 'error', topic: 'test/rooms/3', error: 'forbidden' });
    expect(b.live.stats().topics).toBe(1);
    expect(a.live.stats().topics).toBe(0);

    const sent = [positionMessage(2, 1), routeEventMessage(2, 9), positionMessage(2, 2), positionMessage(2, 3)];
    await a.patio.events.publish(roomBusTopic(school.id, 3), positionMessage(3, 1));
    for (const message of sent) await a.patio.events.publish(roomBusTopic(school.id, 2), message);
    for (const watcher of watchers) {
      const got = [];
      for (let i = 0; i < sent.length; i++) got.push(await watcher.next());
      expect(got).toEqual(sent);
    }
    // Redis keeps one publisher's order: the refused room's event, published first, reached no one.
    expect(refused.received.filter((m) => (m as { route?: number }).route === 3)).toEqual([]);
  });
});
