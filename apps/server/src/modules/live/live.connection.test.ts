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
  send(data: string) {
    this.sent.push(JSON.parse(data));
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

function hostWith(authenticate: LiveHost['authenticate']) {
  const left: LiveConnection[] = [];
  const host: LiveHost = {
    settings: { ...defaultLiveSettings },
    authenticate: vi.fn(authenticate),
    join: async (connection) => connection.open(),
    leave: (connection) => void left.push(connection),
    log: { debug: () => {}, error: () => {} },
  };
  return { host, left };
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
});
