import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_CLOSE } from '@patio/core/schemas/live';
import { createLiveClient, PING_INTERVAL_MS, PONG_TIMEOUT_MS, RECONNECT_AFTER_TOO_MANY_MS, RECONNECT_MAX_MS, reconnectDelay, type LiveSocket } from './liveClient';
import { liveUrlOf } from './liveUrl';

/** A socket the test drives: it opens, receives and closes when told. */
class FakeSocket implements LiveSocket {
  readyState = 0;
  sent: unknown[] = [];
  closedByClient = false;
  onopen: LiveSocket['onopen'] = null;
  onmessage: LiveSocket['onmessage'] = null;
  onclose: LiveSocket['onclose'] = null;
  onerror: LiveSocket['onerror'] = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closedByClient = true;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) } as MessageEvent);
  }
  drop(code = 1006, reason = '') {
    this.readyState = 3;
    this.onclose?.({ code, reason } as CloseEvent);
  }
}

function setup() {
  const sockets: FakeSocket[] = [];
  const changed: (number | null)[] = [];
  const answered: number[] = [];
  let resyncs = 0;
  const client = createLiveClient({
    url: 'wss://patio.example/api/demo/live',
    token: 'the-token',
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    onThreadsChanged: (threadId) => changed.push(threadId),
    onFormAnswered: (formId) => answered.push(formId),
    onResync: () => resyncs++,
    // The middle of the jitter: delays are exactly 1 s, 2 s, 4 s…
    random: () => 0.5,
  });
  const last = () => sockets[sockets.length - 1];
  /** Opens the newest socket and has the server accept it. */
  const accept = () => {
    last().open();
    last().receive({ type: 'ready', personId: 7 });
  };
  return { client, sockets, changed, answered, last, accept, resyncs: () => resyncs };
}

describe('the live client', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('authenticates with its first message and reports thread changes', () => {
    const { client, last, changed } = setup();
    client.start();
    expect(last().url).toBe('wss://patio.example/api/demo/live');
    last().open();
    expect(last().sent).toEqual([{ type: 'auth', token: 'the-token' }]);
    last().receive({ type: 'ready', personId: 7 });
    expect(client.state).toBe('ready');
    last().receive({ type: 'threads.changed', threadId: 12 });
    last().receive({ type: 'threads.changed', threadId: null });
    last().onmessage?.({ data: 'not json' } as MessageEvent);
    last().receive({ type: 'something.new' });
    expect(changed).toEqual([12, null]);
  });

  it('reports answers to the person’s forms, and ignores malformed ones', () => {
    const { client, changed, answered, accept, last } = setup();
    client.start();
    accept();
    last().receive({ type: 'form.answered', formId: 31 });
    last().receive({ type: 'form.answered', formId: '31' });
    last().receive({ type: 'form.answered', formId: 1.5 });
    last().receive({ type: 'form.answered' });
    last().receive({ type: 'form.answered', formId: 32 });
    expect(answered).toEqual([31, 32]);
    expect(changed).toEqual([]);
  });

  it('reconnects with a doubling delay up to a cap, and starts over after a success', () => {
    const { client, sockets, last, accept } = setup();
    client.start();
    last().drop();
    expect(client.state).toBe('waiting');
    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    last().drop();
    vi.advanceTimersByTime(1999);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);
    accept();
    last().drop();
    vi.advanceTimersByTime(1000);
    expect(sockets).toHaveLength(4);
  });

  it('spreads reconnects by ±20 % and never waits longer than the cap', () => {
    expect(reconnectDelay(0, () => 0)).toBe(800);
    expect(reconnectDelay(0, () => 1)).toBe(1200);
    expect(reconnectDelay(3, () => 0.5)).toBe(8000);
    expect(reconnectDelay(40, () => 0.5)).toBe(RECONNECT_MAX_MS);
  });

  it('refetches everything once after a reconnect, since changes were missed while away', () => {
    const { client, last, accept, resyncs } = setup();
    client.start();
    accept();
    expect(resyncs()).toBe(0);
    last().drop(LIVE_CLOSE.goingAway, 'server_closing');
    vi.advanceTimersByTime(1000);
    accept();
    expect(resyncs()).toBe(1);
  });

  it('item 2: tells the app when the server refuses the token (4401 token_revoked)', () => {
    const refused: string[] = [];
    const sockets: FakeSocket[] = [];
    const client = createLiveClient({
      url: 'wss://patio.example/api/demo/live',
      token: 'the-token',
      createSocket: (url) => {
        const socket = new FakeSocket(url);
        sockets.push(socket);
        return socket;
      },
      onThreadsChanged: () => {},
      onResync: () => {},
      onTokenRefused: (reason) => refused.push(reason),
    });
    client.start();
    sockets[0].open();
    sockets[0].receive({ type: 'ready', personId: 7 });
    sockets[0].drop(LIVE_CLOSE.unauthorized, 'token_revoked');
    expect(refused).toEqual(['token_revoked']);
    expect(client.state).toBe('refused');
  });

  it('stays closed when the server refuses the token, and waits long after too many connections', () => {
    for (const code of [LIVE_CLOSE.unauthorized, LIVE_CLOSE.forbidden]) {
      const { client, sockets, last } = setup();
      client.start();
      last().open();
      last().drop(code, 'invalid_token');
      vi.advanceTimersByTime(RECONNECT_MAX_MS * 4);
      client.wake();
      expect(client.state).toBe('refused');
      expect(sockets).toHaveLength(1);
    }
    const { client, sockets, last } = setup();
    client.start();
    last().drop(LIVE_CLOSE.tooMany, 'too_many_connections');
    vi.advanceTimersByTime(RECONNECT_AFTER_TOO_MANY_MS - 1);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
  });

  it('reconnects at once when woken (tab visible again, back online) instead of waiting out the backoff', () => {
    const { client, sockets, last } = setup();
    client.start();
    for (let i = 0; i < 5; i++) {
      last().drop();
      vi.advanceTimersByTime(reconnectDelay(i, () => 0.5));
    }
    last().drop();
    expect(sockets).toHaveLength(6);
    client.wake();
    expect(sockets).toHaveLength(7);
    expect(client.state).toBe('connecting');
  });

  it('pings while connected and starts over when no pong comes back', () => {
    const { client, sockets, last, accept } = setup();
    client.start();
    accept();
    vi.advanceTimersByTime(PING_INTERVAL_MS);
    expect(last().sent).toContainEqual({ type: 'ping' });
    last().receive({ type: 'pong' });
    vi.advanceTimersByTime(PING_INTERVAL_MS);
    const stale = last();
    vi.advanceTimersByTime(PONG_TIMEOUT_MS);
    expect(stale.closedByClient).toBe(true);
    expect(client.state).toBe('waiting');
    // The abandoned socket's late close changes nothing.
    stale.drop();
    vi.advanceTimersByTime(1000);
    expect(sockets).toHaveLength(2);
  });

  it('checks a live connection when woken, at most once every few seconds', () => {
    const { client, last, accept } = setup();
    client.start();
    accept();
    vi.advanceTimersByTime(11_000);
    client.wake();
    client.wake();
    expect(last().sent.filter((m) => (m as { type: string }).type === 'ping')).toHaveLength(1);
  });

  it('closes and never reconnects once stopped', () => {
    const { client, sockets, last, accept } = setup();
    client.start();
    accept();
    client.stop();
    expect(last().closedByClient).toBe(true);
    last().drop();
    client.wake();
    vi.advanceTimersByTime(RECONNECT_AFTER_TOO_MANY_MS);
    expect(sockets).toHaveLength(1);
    expect(client.state).toBe('stopped');
  });
});

/** A position of route `route`'s bus, as the server sends it on `transport/routes/{route}`. */
function position(route: number, n = 1) {
  return {
    type: 'position',
    route,
    target: 4,
    position: { latitude: 4.7, longitude: -74.05, altitude: null, accuracy: 5, altitudeAccuracy: null, heading: null, speed: 7, timestamp: 1000 + n, receivedAt: 1 + n },
    etas: [{ stopId: 2, eta: 100 + n, meters: 500 }],
  };
}
const subscribes = (socket: FakeSocket) => socket.sent.filter((m) => 'subscribe' in (m as object) || 'unsubscribe' in (m as object));

describe('topics of the live client', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('subscribes once the connection is ready, and hands each topic only its own events', async () => {
    const { client, last, accept } = setup();
    const route12: unknown[] = [];
    const route13: unknown[] = [];
    const subscribed = vi.fn();
    client.subscribe('transport/routes/12', (m) => route12.push(m), { onSubscribed: subscribed });
    client.start();
    accept();
    client.subscribe('transport/routes/13', (m) => route13.push(m));
    expect(subscribes(last())).toEqual([{ subscribe: 'transport/routes/12' }, { subscribe: 'transport/routes/13' }]);
    last().receive({ type: 'subscribed', topic: 'transport/routes/12' });
    expect(subscribed).toHaveBeenCalledTimes(1);
    const entry = { id: 1, runId: 1, kind: 'started', at: 5, stop: null, person: null, actor: null, minutes: null };
    last().receive(position(12, 1));
    last().receive(position(13, 1));
    last().receive({ type: 'route.event', route: 12, entry });
    // Not a message of the protocol: dropped.
    last().receive({ ...position(12, 2), etas: 'soon' });
    expect(route12).toEqual([position(12, 1), { type: 'route.event', route: 12, entry }]);
    expect(route13).toEqual([position(13, 1)]);
  });

  it('shares one subscription among the listeners of a topic, and ends it after the last one left', async () => {
    const { client, last, accept } = setup();
    client.start();
    accept();
    const first = vi.fn();
    const second = vi.fn();
    const stopFirst = client.subscribe('transport/routes/12', first);
    last().receive({ type: 'subscribed', topic: 'transport/routes/12' });
    const secondSubscribed = vi.fn();
    const stopSecond = client.subscribe('transport/routes/12', second, { onSubscribed: secondSubscribed });
    await Promise.resolve();
    // The late listener hears that the topic is followed too.
    expect(secondSubscribed).toHaveBeenCalledTimes(1);
    last().receive(position(12));
    expect([first.mock.calls.length, second.mock.calls.length]).toEqual([1, 1]);
    stopFirst();
    await Promise.resolve();
    last().receive(position(12, 2));
    expect([first.mock.calls.length, second.mock.calls.length]).toEqual([1, 2]);
    stopSecond();
    // A screen that unmounts and mounts again at once (React's strict mode) costs no message.
    const again = client.subscribe('transport/routes/12', second);
    await Promise.resolve();
    expect(subscribes(last())).toEqual([{ subscribe: 'transport/routes/12' }]);
    again();
    await Promise.resolve();
    expect(subscribes(last())).toEqual([{ subscribe: 'transport/routes/12' }, { unsubscribe: 'transport/routes/12' }]);
    last().receive(position(12, 3));
    expect(second).toHaveBeenCalledTimes(2);
  });

  it('subscribes again after a reconnect, and says so, since events were missed meanwhile', () => {
    const { client, last, accept } = setup();
    const subscribed = vi.fn();
    client.subscribe('transport/routes/12', () => {}, { onSubscribed: subscribed });
    client.start();
    accept();
    last().receive({ type: 'subscribed', topic: 'transport/routes/12' });
    last().drop(LIVE_CLOSE.goingAway, 'server_closing');
    vi.advanceTimersByTime(1000);
    accept();
    expect(subscribes(last())).toEqual([{ subscribe: 'transport/routes/12' }]);
    last().receive({ type: 'subscribed', topic: 'transport/routes/12' });
    expect(subscribed).toHaveBeenCalledTimes(2);
  });

  it('reports a refusal, and asks again after a reconnect only when the server was merely unavailable', () => {
    const { client, last, accept } = setup();
    const errors: unknown[] = [];
    client.subscribe('transport/routes/12', () => {}, { onError: (e) => errors.push(e) });
    client.subscribe('transport/routes/13', () => {}, { onError: (e) => errors.push(e) });
    client.start();
    accept();
    last().receive({ type: 'error', topic: 'transport/routes/12', error: 'forbidden', message: 'No' });
    last().receive({ type: 'error', topic: 'transport/routes/13', error: 'unavailable', message: 'Later' });
    expect(errors).toEqual([
      { error: 'forbidden', message: 'No' },
      { error: 'unavailable', message: 'Later' },
    ]);
    last().drop();
    vi.advanceTimersByTime(1000);
    accept();
    expect(subscribes(last())).toEqual([{ subscribe: 'transport/routes/13' }]);
    // A new listener asks again: the person's rights may have changed.
    client.subscribe('transport/routes/12', () => {});
    expect(subscribes(last())).toEqual([{ subscribe: 'transport/routes/13' }, { subscribe: 'transport/routes/12' }]);
  });
});

describe('the live address', () => {
  it('is the school base plus live, over wss for https and ws for http', () => {
    expect(liveUrlOf('https://patio.example/api/demo/', 'https://patio.example/inbox')).toBe('wss://patio.example/api/demo/live');
    expect(liveUrlOf('http://localhost:8080/api/demo', 'http://localhost:8080/')).toBe('ws://localhost:8080/api/demo/live');
    expect(liveUrlOf('/api/norte/', 'https://patio.example/inbox?x=1')).toBe('wss://patio.example/api/norte/live');
    expect(liveUrlOf('ftp://patio.example/api/demo/', 'https://patio.example/')).toBeNull();
  });
});
