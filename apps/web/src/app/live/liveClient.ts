import { LIVE_CLOSE, type LiveClientMessage } from '@patio/core/schemas/live';

// The live connection of a signed-in person (server: GET /api/{org}/live, docs/decisions/011). It
// authenticates with the token in its first message, tells the screens when threads changed or a form
// of theirs got an answer, and keeps itself connected: backoff after a drop, at once when the tab or
// the network comes back.

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
  /** Math.random by default: spreads the reconnects of many clients after a server restart. */
  random?: () => number;
}

export type LiveClientState = 'idle' | 'connecting' | 'ready' | 'waiting' | 'refused' | 'stopped';

export interface LiveClient {
  start(): void;
  /** Closes for good (sign-out, another token, the shell unmounted). */
  stop(): void;
  /** The tab became visible or the network came back: reconnect now, or check that the connection still lives. */
  wake(): void;
  readonly state: LiveClientState;
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

  function send(message: LiveClientMessage): void {
    if (socket?.readyState === OPEN) socket.send(JSON.stringify(message));
  }

  function connect(): void {
    clearTimeout(reconnectTimer);
    state = 'connecting';
    const current = options.createSocket(options.url);
    socket = current;
    current.onopen = () => send({ type: 'auth', token: options.token });
    current.onmessage = (event) => receive(event.data);
    current.onclose = (event) => {
      if (socket === current) dropped(event.code);
    };
    // An error is always followed by a close, which decides what to do.
    current.onerror = () => {};
  }

  function receive(data: unknown): void {
    let message: { type?: unknown; threadId?: unknown; formId?: unknown };
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
    if (!current) return;
    current.onopen = current.onmessage = current.onclose = null;
    try {
      current.close(1000);
    } catch {
      // Closing a socket that never opened may throw in some browsers; it is gone either way.
    }
  }

  function dropped(code: number | null): void {
    abandonSocket();
    if (state === 'stopped') return;
    if (code === LIVE_CLOSE.unauthorized || code === LIVE_CLOSE.forbidden) {
      // The token itself is refused: only a new token (a new client) can help.
      state = 'refused';
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
  };
}
