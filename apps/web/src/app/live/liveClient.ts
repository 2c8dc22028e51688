import { LIVE_CLOSE, topicOfLiveMessage, ZLiveTopicMessage, type LiveClientMessage, type LiveTopicMessage } from '@patio/core/schemas/live';

// The live connection of a signed-in person (server: GET /api/{org}/live, docs/decisions/011). It
// authenticates with the token in its first message, tells the screens when threads changed or a form
// of theirs got an answer, carries the topics screens subscribe to (a bus route), and keeps itself
// connected: backoff after a drop, at once when the tab or the network comes back, subscribing again
// to every topic still wanted.

/** First reconnect delay; each failed try doubles it up to RECONNECT_MAX_MS. */
export const RECONNECT_INITIAL_MS = 1000;
export const RECONNECT_MAX_MS = 30_000;
/** After "too many connections" the server will refuse again soon: wait at least this long. */
export const RECONNECT_AFTER_TOO_MANY_MS = 60_000;
/** A ping this often tells a dead connection (a phone that changed networks) from a quiet one. */
export const PING_INTERVAL_MS = 25_000;
/** No pong within this long: the connection is gone, whatever the browser believes. */
export const PONG_TIMEOUT_MS = 10_000;
/** A wake-up ping no sooner than this after the last one (the server limits messages a minute). */
const WAKE_PING_MIN_GAP_MS = 10_000;

const OPEN = 1;

/** The part of a browser WebSocket the client uses (a fake one in tests). */
export interface LiveSocket {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface LiveClientOptions {
  url: string;
  token: string;
  createSocket(url: string): LiveSocket;
  /** A thread of the person changed (null: some threads). */
  onThreadsChanged(threadId: number | null): void;
  /** Someone answered a form the person owns: its results and answers changed. */
  onFormAnswered?(formId: number): void;
  /** Connected again after a drop: whatever changed meanwhile was missed. */
  onResync(): void;
  /**
   * The server refused the token itself (close 4401: `token_revoked` after a sign-out everywhere or a
   * password reset, `token_expired`, `invalid_token`): the app signs out, as on an HTTP 401.
   */
  onTokenRefused?(reason: string): void;
  /** Math.random by default: spreads the reconnects of many clients after a server restart. */
  random?: () => number;
}

export type LiveClientState = 'idle' | 'connecting' | 'ready' | 'waiting' | 'refused' | 'stopped';

/** Why the server refused or ended a topic subscription. */
export interface LiveTopicRefusal {
  /** `forbidden`, `unknown_topic`, `too_many_topics` (not asked again until subscribed anew), `unavailable` (asked again on the next connection). */
  error: string;
  message: string;
}

export interface LiveTopicOptions {
  /** The server follows the topic for this connection, the first time and after every reconnect: events may have been missed before it. */
  onSubscribed?(): void;
  onError?(refusal: LiveTopicRefusal): void;
}

/** Refusals that another try on the same connection or the next would only repeat. */
const FINAL_REFUSALS = new Set(['forbidden', 'unknown_topic', 'too_many_topics']);

export interface LiveClient {
  start(): void;
  /** Closes for good (sign-out, another token, the shell unmounted). */
  stop(): void;
  /** The tab became visible or the network came back: reconnect now, or check that the connection still lives. */
  wake(): void;
  /**
   * Receives the events of `topic` (e.g. `transport/routes/12`) until the returned function is called.
   * Several listeners of one topic share one subscription; it is sent once the connection is ready and
   * again after each reconnect.
   */
  subscribe(topic: string, onMessage: (message: LiveTopicMessage) => void, options?: LiveTopicOptions): () => void;
  readonly state: LiveClientState;
}

interface TopicListener extends LiveTopicOptions {
  onMessage(message: LiveTopicMessage): void;
}

interface WantedTopic {
  listeners: Set<TopicListener>;
  /** The server refused it for good: not asked again until a new listener comes. */
  refused: boolean;
  /** `subscribe` was sent on the current connection (and neither refused nor unsubscribed since). */
  asked: boolean;
  /** The server said `subscribed` on the current connection. */
  on: boolean;
}

/** Delay before reconnect try `attempt` (0-based): exponential, capped, ±20 % so clients do not return in step. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(RECONNECT_MAX_MS, RECONNECT_INITIAL_MS * 2 ** attempt);
  return Math.round(base * (0.8 + 0.4 * random()));
}

export function createLiveClient(options: LiveClientOptions): LiveClient {
  const random = options.random ?? Math.random;
  let state: LiveClientState = 'idle';
  let socket: LiveSocket | null = null;
  let attempt = 0;
  let wasReady = false;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setTimeout> | undefined;
  let pongTimer: ReturnType<typeof setTimeout> | undefined;
  let lastPingAt = 0;
  const topics = new Map<string, WantedTopic>();

  function send(message: LiveClientMessage): void {
    if (socket?.readyState === OPEN) socket.send(JSON.stringify(message));
  }

  /** Sends the subscription of a wanted topic, once per connection, when the connection is ready. */
  function ask(topic: string, wanted: WantedTopic): void {
    if (state !== 'ready' || wanted.asked || wanted.refused) return;
    wanted.asked = true;
    send({ subscribe: topic });
  }

  function connect(): void {
    clearTimeout(reconnectTimer);
    state = 'connecting';
    const current = options.createSocket(options.url);
    socket = current;
    current.onopen = () => send({ type: 'auth', token: options.token });
    current.onmessage = (event) => receive(event.data);
    current.onclose = (event) => {
      if (socket === current) dropped(event.code, event.reason);
    };
    // An error is always followed by a close, which decides what to do.
    current.onerror = () => {};
  }

  function receive(data: unknown): void {
    let message: { type?: unknown; threadId?: unknown; formId?: unknown; topic?: unknown; error?: unknown; message?: unknown };
    try {
      message = JSON.parse(String(data)) as typeof message;
    } catch {
      return;
    }
    if (message.type === 'ready') {
      state = 'ready';
      attempt = 0;
      if (wasReady) options.onResync();
      wasReady = true;
      schedulePing();
      for (const [topic, wanted] of topics) ask(topic, wanted);
    } else if (message.type === 'position' || message.type === 'route.event') {
      const parsed = ZLiveTopicMessage.safeParse(message);
      if (!parsed.success) return;
      for (const listener of [...(topics.get(topicOfLiveMessage(parsed.data))?.listeners ?? [])]) listener.onMessage(parsed.data);
    } else if (message.type === 'subscribed' && typeof message.topic === 'string') {
      const wanted = topics.get(message.topic);
      if (!wanted) return;
      wanted.on = true;
      for (const listener of [...wanted.listeners]) listener.onSubscribed?.();
    } else if (message.type === 'error' && typeof message.topic === 'string') {
      const wanted = topics.get(message.topic);
      if (!wanted) return;
      const refusal = { error: String(message.error), message: String(message.message) };
      wanted.refused = FINAL_REFUSALS.has(refusal.error);
      wanted.asked = wanted.on = false;
      for (const listener of [...wanted.listeners]) listener.onError?.(refusal);
    } else if (message.type === 'threads.changed') {
      options.onThreadsChanged(typeof message.threadId === 'number' ? message.threadId : null);
    } else if (message.type === 'form.answered') {
      if (typeof message.formId === 'number' && Number.isInteger(message.formId)) options.onFormAnswered?.(message.formId);
    } else if (message.type === 'pong') {
      clearTimeout(pongTimer);
      pongTimer = undefined;
    }
  }

  function schedulePing(): void {
    clearTimeout(pingTimer);
    pingTimer = setTimeout(ping, PING_INTERVAL_MS);
  }

  function ping(): void {
    if (state !== 'ready' || pongTimer !== undefined) return;
    lastPingAt = Date.now();
    send({ type: 'ping' });
    pongTimer = setTimeout(() => {
      pongTimer = undefined;
      // The browser may take minutes to notice a dead connection: leave it and start over.
      abandonSocket();
      dropped(null);
    }, PONG_TIMEOUT_MS);
    schedulePing();
  }

  /** Detaches from the current socket and closes it (its close event no longer matters). */
  function abandonSocket(): void {
    clearTimeout(pingTimer);
    clearTimeout(pongTimer);
    pongTimer = undefined;
    const current = socket;
    socket = null;
    for (const wanted of topics.values()) wanted.asked = wanted.on = false;
    if (!current) return;
    current.onopen = current.onmessage = current.onclose = null;
    try {
      current.close(1000);
    } catch {
      // Closing a socket that never opened may throw in some browsers; it is gone either way.
    }
  }

  function dropped(code: number | null, reason = ''): void {
    abandonSocket();
    if (state === 'stopped') return;
    if (code === LIVE_CLOSE.unauthorized || code === LIVE_CLOSE.forbidden) {
      // The token itself is refused: only a new token (a new client) can help.
      state = 'refused';
      if (code === LIVE_CLOSE.unauthorized) options.onTokenRefused?.(reason);
      return;
    }
    const delay = reconnectDelay(attempt++, random);
    state = 'waiting';
    reconnectTimer = setTimeout(connect, code === LIVE_CLOSE.tooMany ? Math.max(delay, RECONNECT_AFTER_TOO_MANY_MS) : delay);
  }

  return {
    get state() {
      return state;
    },
    start() {
      if (state === 'idle') connect();
    },
    stop() {
      state = 'stopped';
      clearTimeout(reconnectTimer);
      abandonSocket();
    },
    wake() {
      if (state === 'waiting') {
        attempt = 0;
        connect();
      } else if (state === 'ready' && Date.now() - lastPingAt >= WAKE_PING_MIN_GAP_MS) {
        ping();
      }
    },
    subscribe(topic, onMessage, topicOptions = {}) {
      const listener: TopicListener = { onMessage, ...topicOptions };
      let wanted = topics.get(topic);
      if (!wanted) topics.set(topic, (wanted = { listeners: new Set(), refused: false, asked: false, on: false }));
      // A new listener may ask again for a topic refused before (the caller's rights may have changed).
      wanted.refused = false;
      wanted.listeners.add(listener);
      ask(topic, wanted);
      if (wanted.on) {
        // Already followed: this listener hears so as the first ones did, once it is in place.
        const joined = wanted;
        queueMicrotask(() => {
          if (joined.on && joined.listeners.has(listener)) listener.onSubscribed?.();
        });
      }
      return () => {
        const current = topics.get(topic);
        if (!current?.listeners.delete(listener) || current.listeners.size > 0) return;
        // Later in this task: a screen that unmounts and mounts again at once (React's strict mode,
        // a route change to the same topic) keeps the subscription instead of costing two messages.
        queueMicrotask(() => {
          if (topics.get(topic) !== current || current.listeners.size > 0) return;
          topics.delete(topic);
          if (current.asked) send({ unsubscribe: topic });
        });
      };
    },
  };
}
