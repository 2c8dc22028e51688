import { LIVE_CLOSE, LIVE_MAX_CLIENT_MESSAGE_BYTES, ZLiveClientMessage, type LiveServerMessage } from '@patio/core';
import { HttpError } from '../../http/errors';
import type { Caller, Org } from '../../policy/policy';
import type { LiveSettings } from './live.settings';
import { expiryOfToken } from './token-expiry';

/** What a connection needs of its socket (a `ws` WebSocket on the server; a fake in unit tests). */
export interface LiveSocket {
  readonly readyState: number;
  readonly bufferedAmount: number;
  send(data: string): void;
  close(code: number, reason: string): void;
  terminate(): void;
  ping(): void;
  on(event: 'message', listener: (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => void): unknown;
  on(event: 'pong' | 'close', listener: () => void): unknown;
}

/** What a connection asks of the hub that holds it. */
export interface LiveHost {
  readonly settings: LiveSettings;
  /** The caller behind a token on this school, exactly as an HTTP request would get it; throws HttpError. */
  authenticate(token: string, org: Org): Promise<Caller>;
  /** Adds an authenticated connection to its school and person (or closes it); calls `open` when it may receive. */
  join(connection: LiveConnection): Promise<void>;
  /** The socket closed: forget it. */
  leave(connection: LiveConnection): void;
  readonly log: { debug(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
}

const OPEN = 1;
const MAX_TIMER_MS = 2 ** 31 - 1;

type State = 'pending' | 'authenticating' | 'joining' | 'open' | 'closed';

/**
 * One live socket: authenticates on its first message, then receives the events the hub hands it.
 * It answers pings, is closed when its token expires or stops being valid, and is cut when its
 * reader falls behind, so one slow phone never holds the server's memory.
 */
export class LiveConnection {
  private state: State = 'pending';
  private token = '';
  private authTimer: NodeJS.Timeout | undefined;
  private expiryTimer: NodeJS.Timeout | undefined;
  private answeredPing = true;
  private validatedAt = 0;
  private revalidating = false;
  private windowStart = Date.now();
  private messagesInWindow = 0;
  /** The authenticated person (0 until then). */
  personId = 0;

  constructor(
    private readonly socket: LiveSocket,
    readonly org: Org,
    private readonly host: LiveHost,
  ) {
    socket.on('message', (data, isBinary) => {
      this.receive(data, isBinary).catch((err: unknown) => {
        host.log.error({ err, orgId: org.id }, 'a live socket failed');
        this.close(1011, 'internal_error');
      });
    });
    socket.on('pong', () => (this.answeredPing = true));
    socket.on('close', () => this.closed());
    this.authTimer = setTimeout(() => this.close(LIVE_CLOSE.authTimeout, 'auth_timeout'), host.settings.authTimeoutMs);
  }

  get isClosed(): boolean {
    return this.state === 'closed';
  }

  /** Sends one message; a socket whose unsent data passed the limit is dropped instead. */
  send(message: LiveServerMessage): void {
    if (this.state !== 'open' || this.socket.readyState !== OPEN) return;
    if (this.socket.bufferedAmount > this.host.settings.maxBufferedBytes) {
      this.host.log.debug({ orgId: this.org.id, personId: this.personId }, 'dropped a live socket that cannot keep up');
      this.terminate();
      return;
    }
    this.socket.send(JSON.stringify(message));
  }

  /** Called by the hub once the connection is in its school's fan-out. */
  open(): void {
    if (this.state !== 'joining') return;
    this.state = 'open';
    this.send({ type: 'ready', personId: this.personId });
  }

  close(code: number, reason: string): void {
    if (this.state === 'closed') return;
    this.socket.close(code, reason);
    this.closed();
  }

  /** Heartbeat of the hub: drops a socket that did not answer the last ping, revalidates a stale token. */
  tick(now: number): void {
    // A socket in its closing handshake is left to finish it (ws throws on a ping there).
    if (this.state !== 'open' || this.socket.readyState !== OPEN) return;
    if (!this.answeredPing) {
      this.terminate();
      return;
    }
    this.answeredPing = false;
    this.socket.ping();
    if (now - this.validatedAt >= this.host.settings.revalidateMs) void this.revalidate();
  }

  private terminate(): void {
    this.socket.terminate();
    this.closed();
  }

  private closed(): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    clearTimeout(this.authTimer);
    clearTimeout(this.expiryTimer);
    this.host.leave(this);
  }

  private async receive(data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean): Promise<void> {
    if (this.state === 'closed') return;
    if (this.overBudget()) return this.close(LIVE_CLOSE.tooMany, 'too_many_messages');
    const message = parseMessage(data, isBinary);
    if (message?.type === 'auth' && this.state === 'pending') return this.authenticate(message.token);
    if (message?.type === 'ping' && this.state === 'open') return this.send({ type: 'pong' });
    this.close(LIVE_CLOSE.badMessage, 'bad_message');
  }

  private overBudget(): boolean {
    const now = Date.now();
    if (now - this.windowStart >= 60_000) {
      this.windowStart = now;
      this.messagesInWindow = 0;
    }
    return ++this.messagesInWindow > this.host.settings.messagesPerMinute;
  }

  private async authenticate(token: string): Promise<void> {
    this.state = 'authenticating';
    let caller: Caller;
    try {
      caller = await this.host.authenticate(token, this.org);
    } catch (err) {
      return this.refuse(err);
    }
    if (this.state !== 'authenticating') return;
    clearTimeout(this.authTimer);
    this.token = token;
    this.personId = caller.id;
    this.validatedAt = Date.now();
    this.state = 'joining';
    this.expireAt(expiryOfToken(token));
    if (!this.isClosed) await this.host.join(this);
  }

  private async revalidate(): Promise<void> {
    if (this.revalidating) return;
    this.revalidating = true;
    try {
      await this.host.authenticate(this.token, this.org);
      this.validatedAt = Date.now();
    } catch (err) {
      this.refuse(err);
    } finally {
      this.revalidating = false;
    }
  }

  /** Closes with the close code that matches the HTTP refusal (401 → 4401, 403 → 4403) and its error code. */
  private refuse(err: unknown): void {
    if (err instanceof HttpError && err.statusCode === 401) return this.close(LIVE_CLOSE.unauthorized, err.code);
    if (err instanceof HttpError && err.statusCode < 500) return this.close(LIVE_CLOSE.forbidden, err.code);
    this.host.log.error({ err, orgId: this.org.id }, 'could not authenticate a live socket');
    this.close(1011, 'internal_error');
  }

  /** A token does not outlive its expiry on an open socket either. */
  private expireAt(expiresAtMs: number | null): void {
    if (expiresAtMs === null) return;
    const wait = expiresAtMs - Date.now();
    if (wait <= 0) return this.close(LIVE_CLOSE.unauthorized, 'token_expired');
    // Longer than a timer can wait: the periodic revalidation notices the expiry instead.
    if (wait <= MAX_TIMER_MS) this.expiryTimer = setTimeout(() => this.close(LIVE_CLOSE.unauthorized, 'token_expired'), wait);
  }
}

/** The client message in a frame, or null for anything that is not one (binary, too long, not JSON, unknown). */
function parseMessage(data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) {
  if (isBinary) return null;
  const buffer = Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);
  if (buffer.length > LIVE_MAX_CLIENT_MESSAGE_BYTES) return null;
  let json: unknown;
  try {
    json = JSON.parse(buffer.toString('utf8'));
  } catch {
    return null;
  }
  const parsed = ZLiveClientMessage.safeParse(json);
  return parsed.success ? parsed.data : null;
}
