import { LIVE_CLOSE } from '@patio/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError, unauthorized } from '../../http/errors';
import type { Caller, Org } from '../../policy/policy';
import { LiveConnection, type LiveHost, type LiveSocket } from './live.connection';
import { defaultLiveSettings } from './live.settings';

// The socket's own rules (heartbeat, revalidation, slow readers) with a stand-in socket and host: the
// integration suites prove the same connection against real clients, these reach the states a real
// network makes hard to reproduce on demand.

type Listener = (...args: unknown[]) => void;

class FakeSocket {
  readyState = 1;
  bufferedAmount = 0;
  sent: unknown[] = [];
  closedWith: { code: number; reason: string } | null = null;
  terminated = false;
  pings = 0;
  private readonly listeners = new Map<string, Listener[]>();
  send(data: string | Buffer, options: { binary: boolean }) {
    expect(options.binary).toBe(false);
    this.sent.push(JSON.parse(String(data)));
  }
  close(code: number, reason: string) {
    this.closedWith = { code, reason };
    this.readyState = 2;
  }
  terminate() {
    this.terminated = true;
    this.readyState = 3;
  }
  ping() {
    this.pings++;
  }
  on(event: string, listener: Listener) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  emit(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }
  message(value: unknown) {
    this.emit('message', Buffer.from(JSON.stringify(value)), false);
  }
}

const org: Org = { id: 1, code: 'demo', title: 'Demo', logo: null, settings: {} };
const caller = { id: 5, orgId: 1 } as Caller;
/** A signed token shape whose only readable part is its expiry. */
const tokenExpiringIn = (seconds: number) => `x.${Buffer.from(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + seconds })).toString('base64url')}.y`;

/** Topics of the fake host: `rooms/<n>` is the bus topic `room.<n>`, refused for the names in `refused`. */
function hostWith(authenticate: LiveHost['authenticate']) {
  const left: LiveConnection[] = [];
  const refused = new Set<string>();
  /** Bus topics and the connections the host put in their fan-out. */
  const following = new Map<string, Set<LiveConnection>>();
  const host: LiveHost = {
    settings: { ...defaultLiveSettings },
    authenticate: vi.fn(authenticate),
    join: async (connection) => connection.open(),
    leave: (connection) => {
      left.push(connection);
      for (const busTopic of connection.followedBusTopics()) following.get(busTopic)?.delete(connection);
    },
    resolveTopic: vi.fn(async (name: string) => {
      const room = /^rooms\/(\d+)$/.exec(name);
      if (!room) return { error: 'unknown_topic', message: 'No such topic' };
      return refused.has(name) ? { error: 'forbidden', message: 'Not yours' } : { busTopic: `room.${room[1]}` };
    }),
    joinTopic: async (connection, busTopic, joined) => {
      await Promise.resolve();
      if (connection.isClosed) return false;
      following.set(busTopic, (following.get(busTopic) ?? new Set()).add(connection));
      joined();
      return true;
    },
    leaveTopic: (connection, busTopic) => void following.get(busTopic)?.delete(connection),
    log: { debug: () => {}, error: () => {} },
  };
  const followers = (busTopic: string) => following.get(busTopic)?.size ?? 0;
  return { host, left, refused, followers };
}

async function openConnection(host: LiveHost, token = tokenExpiringIn(3600)) {
  const socket = new FakeSocket();
  const connection = new LiveConnection(socket as unknown as LiveSocket, org, host);
  socket.message({ type: 'auth', token });
  await vi.waitFor(() => expect(socket.sent).toEqual([{ type: 'ready', personId: caller.id }]));
  return { socket, connection };
}

describe('a live connection', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('pings on every heartbeat and cuts a socket that did not answer the previous ping', async () => {
    const { host, left } = hostWith(async () => caller);
    const { socket, connection } = await openConnection(host);
    connection.tick(Date.now());
    socket.emit('pong');
    connection.tick(Date.now());
    expect(socket.pings).toBe(2);
    expect(socket.terminated).toBe(false);
    connection.tick(Date.now());
    expect(socket.terminated).toBe(true);
    expect(left).toEqual([connection]);
  });

  it('checks its token again on a heartbeat after the revalidation interval, and closes once it is refused', async () => {
    let refuse = false;
    const { host } = hostWith(async () => {
      if (refuse) throw unauthorized('token_revoked', 'This account can no longer sign in');
      return caller;
    });
    const { socket, connection } = await openConnection(host);
    connection.tick(Date.now());
    socket.emit('pong');
    expect(host.authenticate).toHaveBeenCalledTimes(1);
    vi.setSystemTime(Date.now() + host.settings.revalidateMs);
    connection.tick(Date.now());
    socket.emit('pong');
    await vi.waitFor(() => expect(host.authenticate).toHaveBeenCalledTimes(2));
    expect(socket.closedWith).toBeNull();

    refuse = true;
    vi.setSystemTime(Date.now() + host.settings.revalidateMs);
    connection.tick(Date.now());
    await vi.waitFor(() => expect(socket.closedWith).toEqual({ code: LIVE_CLOSE.unauthorized, reason: 'token_revoked' }));
  });

  it('closes when its token expires', async () => {
    const { host } = hostWith(async () => caller);
    const token = tokenExpiringIn(90);
    const expiresAt = (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { exp: number }).exp * 1000;
    const { socket } = await openConnection(host, token);
    vi.advanceTimersByTime(expiresAt - Date.now() - 1000);
    expect(socket.closedWith).toBeNull();
    vi.advanceTimersByTime(1000);
    expect(socket.closedWith).toEqual({ code: LIVE_CLOSE.unauthorized, reason: 'token_expired' });
  });

  it('drops a reader whose unsent data passed the limit instead of buffering more', async () => {
    const { host, left } = hostWith(async () => caller);
    const { socket, connection } = await openConnection(host);
    connection.send({ type: 'threads.changed', threadId: 1 });
    socket.bufferedAmount = host.settings.maxBufferedBytes + 1;
    connection.send({ type: 'threads.changed', threadId: 2 });
    expect(socket.sent).toEqual([{ type: 'ready', personId: caller.id }, { type: 'threads.changed', threadId: 1 }]);
    expect(socket.terminated).toBe(true);
    expect(left).toEqual([connection]);
  });

  it('answers a failure of the server itself with 1011, not as a refusal of the token', async () => {
    const { host } = hostWith(async () => {
      throw new HttpError(500, 'internal', 'database unreachable');
    });
    const socket = new FakeSocket();
    new LiveConnection(socket as unknown as LiveSocket, org, host);
    socket.message({ type: 'auth', token: tokenExpiringIn(60) });
    await vi.waitFor(() => expect(socket.closedWith).toEqual({ code: 1011, reason: 'internal_error' }));
  });

  it('sends nothing before it is authenticated, and nothing after it closed', async () => {
    const { host } = hostWith(async () => caller);
    const socket = new FakeSocket();
    const connection = new LiveConnection(socket as unknown as LiveSocket, org, host);
    connection.send({ type: 'threads.changed', threadId: 1 });
    vi.advanceTimersByTime(host.settings.authTimeoutMs);
    expect(socket.closedWith).toEqual({ code: LIVE_CLOSE.authTimeout, reason: 'auth_timeout' });
    connection.send({ type: 'threads.changed', threadId: 2 });
    expect(socket.sent).toEqual([]);
  });

  it('authenticates with a token handed over as it opens (the address\'s access_token), and refuses one no auth message could carry', async () => {
    const { host } = hostWith(async () => caller);
    const socket = new FakeSocket();
    const connection = new LiveConnection(socket as unknown as LiveSocket, org, host);
    connection.authenticateWith(tokenExpiringIn(60));
    // Sent before `ready`: answered after it, in order.
    socket.message({ subscribe: 'rooms/2' });
    socket.message({ type: 'ping' });
    await vi.waitFor(() => expect(socket.sent).toHaveLength(3));
    expect(socket.sent).toEqual([{ type: 'ready', personId: caller.id }, { type: 'subscribed', topic: 'rooms/2' }, { type: 'pong' }]);

    for (const token of ['', 'x'.repeat(5000)]) {
      const other = new FakeSocket();
      new LiveConnection(other as unknown as LiveSocket, org, host).authenticateWith(token);
      expect(other.closedWith).toEqual({ code: LIVE_CLOSE.badMessage, reason: 'bad_message' });
    }
  });

  it('follows a topic once however often it is subscribed, answers each subscribe and unsubscribe, and caps the topics', async () => {
    const { host, followers } = hostWith(async () => caller);
    host.settings.maxTopicsPerConnection = 2;
    const { socket } = await openConnection(host);
    socket.message({ subscribe: 'rooms/1' });
    socket.message({ subscribe: 'rooms/1' });
    socket.message({ subscribe: 'rooms/2' });
    socket.message({ subscribe: 'rooms/3' });
    socket.message({ subscribe: 'lobby' });
    socket.message({ unsubscribe: 'rooms/1' });
    socket.message({ unsubscribe: 'rooms/9' });
    socket.message({ subscribe: 'rooms/3' });
    await vi.waitFor(() => expect(socket.sent).toHaveLength(9));
    expect(socket.sent.slice(1)).toEqual([
      { type: 'subscribed', topic: 'rooms/1' },
      { type: 'subscribed', topic: 'rooms/1' },
      { type: 'subscribed', topic: 'rooms/2' },
      { type: 'error', topic: 'rooms/3', error: 'too_many_topics', message: expect.any(String) },
      // The cap comes before the name: a full socket asks nothing more of the database.
      { type: 'error', topic: 'lobby', error: 'too_many_topics', message: expect.any(String) },
      { type: 'unsubscribed', topic: 'rooms/1' },
      { type: 'unsubscribed', topic: 'rooms/9' },
      { type: 'subscribed', topic: 'rooms/3' },
    ]);
    expect([followers('room.1'), followers('room.2'), followers('room.3')]).toEqual([0, 1, 1]);
  });

  it('says why a topic is refused and follows nothing for it', async () => {
    const { host, refused, followers } = hostWith(async () => caller);
    refused.add('rooms/4');
    const { socket } = await openConnection(host);
    socket.message({ subscribe: 'rooms/4' });
    socket.message({ subscribe: 'lobby' });
    await vi.waitFor(() => expect(socket.sent).toHaveLength(3));
    expect(socket.sent.slice(1)).toEqual([
      { type: 'error', topic: 'rooms/4', error: 'forbidden', message: 'Not yours' },
      { type: 'error', topic: 'lobby', error: 'unknown_topic', message: 'No such topic' },
    ]);
    expect(followers('room.4')).toBe(0);
  });

  it('asks again for each topic when it revalidates its token, and drops one no longer allowed', async () => {
    const { host, refused, followers } = hostWith(async () => caller);
    const { socket, connection } = await openConnection(host);
    socket.message({ subscribe: 'rooms/1' });
    socket.message({ subscribe: 'rooms/2' });
    await vi.waitFor(() => expect(socket.sent).toHaveLength(3));
    refused.add('rooms/2');
    vi.setSystemTime(Date.now() + host.settings.revalidateMs);
    connection.tick(Date.now());
    await vi.waitFor(() => expect(socket.sent).toHaveLength(4));
    expect(socket.sent[3]).toEqual({ type: 'error', topic: 'rooms/2', error: 'forbidden', message: 'Not yours' });
    expect([followers('room.1'), followers('room.2')]).toEqual([1, 0]);
    expect(connection.followedBusTopics()).toEqual(new Set(['room.1']));
    expect(socket.closedWith).toBeNull();
  });

  it('leaves every topic when it closes, even one it was still joining', async () => {
    const { host, left, followers } = hostWith(async () => caller);
    const { socket, connection } = await openConnection(host);
    socket.message({ subscribe: 'rooms/1' });
    await vi.waitFor(() => expect(socket.sent).toHaveLength(2));
    socket.message({ subscribe: 'rooms/2' });
    socket.emit('close');
    await vi.waitFor(() => expect(left).toEqual([connection]));
    await Promise.resolve();
    expect([followers('room.1'), followers('room.2')]).toEqual([0, 0]);
  });
});
