import { LIVE_CLOSE, LIVE_MAX_CLIENT_MESSAGE_BYTES, ZLiveAuth, ZLiveClientMessage, type LiveClientMessage, type LiveServerMessage } from '@patio/core';
import { HttpError } from '../../http/errors';
import type { Caller, Org } from '../../policy/policy';
import type { LiveTopicRefusal } from './live-topics';
import type { LiveSettings } from './live.settings';
import { expiryOfToken } from './token-expiry';

/** What a connection needs of its socket (a `ws` WebSocket on the server; a fake in unit tests). */
export interface LiveSocket {
  readonly readyState: number;
  readonly bufferedAmount: number;
  /** Sends a text frame (a Buffer holds UTF-8 text: `binary: false`). */
  send(data: string | Buffer, options: { binary: boolean }): void;
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
  /** The socket closed: forget it (and every topic it follows). */
  leave(connection: LiveConnection): void;
  /** The bus topic `caller` may follow for the topic named `name`, or why not; throws when the server fails. */
  resolveTopic(name: string, org: Org, caller: Caller): Promise<{ busTopic: string } | LiveTopicRefusal>;
  /**
   * Adds the connection to the fan-out of `busTopic` once this process listens to it, calling `joined`
   * in the same step (so no event of the topic precedes it). False when the bus failed or the
   * connection closed meanwhile.
   */
  joinTopic(connection: LiveConnection, busTopic: string, joined: () => void): Promise<boolean>;
  /** Takes the connection out of the fan-out of `busTopic`. */
  leaveTopic(connection: LiveConnection, busTopic: string): void;
  readonly log: { debug(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
}

const OPEN = 1;
const MAX_TIMER_MS = 2 ** 31 - 1;
const TEXT = { binary: false };

type State = 'pending' | 'authenticating' | 'joining' | 'open' | 'closed';
type AfterAuthMessage = Exclude<LiveClientMessage, { type: 'auth' }>;

/**
 * One live socket: authenticates with its first message (or the token of its address), then receives
 * the events the hub hands it: its school's notices, and those of the topics it subscribed to and may
 * see. It answers pings, is closed when its token expires or stops being valid, drops a topic it may no
 * longer see, and is cut when its reader falls behind, so one slow phone never holds the server's memory.
 */
export class LiveConnection {
  private state: State = 'pending';
  private token = '';
  private caller: Caller | null = null;
  private authTimer: NodeJS.Timeout | undefined;
  private expiryTimer: NodeJS.Timeout | undefined;
  private answeredPing = true;
  private validatedAt = 0;
  private revalidating = false;
  private revalidateAgain = false;
  private windowStart = Date.now();
  private messagesInWindow = 0;
  /** Followed topics: the client's name → the bus topic behind it. */
  private readonly topics = new Map<string, string>();
  /**
   * Work after the token, one step at a time in arrival order: the authentication first, then each
   * message, so a subscribe sent right after the token waits for `ready`, and each answer precedes the
   * next one's.
   */
  private queue: Promise<void> = Promise.resolve();
  /** The authenticated person (0 until then). */
  personId = 0;

  constructor(
    private readonly socket: LiveSocket,
    readonly org: Org,
    private readonly host: LiveHost,
  ) {
    socket.on('message', (data, isBinary) => this.receive(data, isBinary));
    socket.on('pong', () => (this.answeredPing = true));
    socket.on('close', () => this.closed());
    this.authTimer = setTimeout(() => this.close(LIVE_CLOSE.authTimeout, 'auth_timeout'), host.settings.authTimeoutMs);
  }

  get isClosed(): boolean {
    return this.state === 'closed';
  }

  /** The bus topics this connection follows (or is joining). */
  followedBusTopics(): Set<string> {
    return new Set(this.topics.values());
  }

  /** Sends one message; a socket whose unsent data passed the limit is dropped instead. */
  send(message: LiveServerMessage): void {
    this.sendText(JSON.stringify(message));
  }

  /**
   * Sends one message already serialised (the same bytes to every socket of a fan-out); a socket
   * whose unsent data passed the limit is dropped instead.
   */
  sendText(text: string | Buffer): void {
    if (this.state !== 'open' || this.socket.readyState !== OPEN) return;
    if (this.socket.bufferedAmount > this.host.settings.maxBufferedBytes) {
      this.host.log.debug({ orgId: this.org.id, personId: this.personId }, 'dropped a live socket that cannot keep up');
      this.terminate();
      return;
    }
    this.socket.send(text, TEXT);
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

  /**
   * Authenticates with `token` (of the auth message, or of the `access_token` query parameter, which
   * the hub hands over as the socket opens). A token the auth message could not carry is `bad_message`.
   */
  authenticateWith(token: string): void {
    if (this.state !== 'pending' || !ZLiveAuth.shape.token.safeParse(token).success) return this.close(LIVE_CLOSE.badMessage, 'bad_message');
    this.state = 'authenticating';
    this.enqueue(() => this.authenticate(token));
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

  private receive(data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean): void {
    if (this.state === 'closed') return;
    if (this.overBudget()) return this.close(LIVE_CLOSE.tooMany, 'too_many_messages');
    const message = parseMessage(data, isBinary);
    if (message === null) return this.close(LIVE_CLOSE.badMessage, 'bad_message');
    if ('type' in message && message.type === 'auth') return this.authenticateWith(message.token);
    // Nothing but the token comes first.
    if (this.state === 'pending') return this.close(LIVE_CLOSE.badMessage, 'bad_message');
    this.enqueue(() => this.handle(message));
  }

  /** Runs `step` after the steps before it, unless the socket closed meanwhile; a failure closes the socket. */
  private enqueue(step: () => Promise<void> | void): void {
    this.queue = this.queue
      .then(async () => {
        if (this.state !== 'closed') await step();
      })
      .catch((err: unknown) => {
        this.host.log.error({ err, orgId: this.org.id }, 'a live socket failed');
        this.close(1011, 'internal_error');
      });
  }

  /** A message after the token; by now the socket is open (or closed, and the step is skipped). */
  private async handle(message: AfterAuthMessage): Promise<void> {
    if (this.state !== 'open') return;
    if ('type' in message) return this.send({ type: 'pong' });
    if ('subscribe' in message) return this.subscribe(message.subscribe);
    this.unsubscribe(message.unsubscribe);
  }

  private async subscribe(name: string): Promise<void> {
    if (this.topics.has(name)) return this.send({ type: 'subscribed', topic: name });
    if (this.topics.size >= this.host.settings.maxTopicsPerConnection) {
      const limit = this.host.settings.maxTopicsPerConnection;
      return this.send({ type: 'error', topic: name, error: 'too_many_topics', message: `A live socket follows at most ${limit} topics` });
    }
    const grant = await this.host.resolveTopic(name, this.org, this.caller!);
    if (this.state !== 'open') return;
    if (!('busTopic' in grant)) return this.send({ type: 'error', topic: name, error: grant.error, message: grant.message });
    await this.follow(name, grant.busTopic);
  }

  /** Follows `busTopic` under `name` and says `subscribed` (or `unavailable` when the bus fails). */
  private async follow(name: string, busTopic: string): Promise<void> {
    const joinedAlready = this.followedBusTopics().has(busTopic);
    this.topics.set(name, busTopic);
    const subscribed = () => this.send({ type: 'subscribed', topic: name });
    if (joinedAlready) return subscribed();
    if (await this.host.joinTopic(this, busTopic, subscribed)) return;
    if (this.topics.get(name) === busTopic) this.topics.delete(name);
    this.send({ type: 'error', topic: name, error: 'unavailable', message: 'Live updates of this topic are not available right now; try again later' });
  }

  private unsubscribe(name: string): void {
    this.unfollow(name);
    this.send({ type: 'unsubscribed', topic: name });
  }

  private unfollow(name: string): void {
    const busTopic = this.topics.get(name);
    if (busTopic === undefined) return;
    this.topics.delete(name);
    if (!this.followedBusTopics().has(busTopic)) this.host.leaveTopic(this, busTopic);
  }

  /** After a revalidated token: each followed topic is asked again, and one the caller may no longer see is dropped. */
  private async recheckTopics(): Promise<void> {
    for (const [name, busTopic] of [...this.topics]) {
      if (this.state !== 'open') return;
      const grant = await this.host.resolveTopic(name, this.org, this.caller!);
      if (this.state !== 'open') return;
      if ('busTopic' in grant && grant.busTopic === busTopic) continue;
      this.unfollow(name);
      if ('busTopic' in grant) await this.follow(name, grant.busTopic);
      else this.send({ type: 'error', topic: name, error: grant.error, message: grant.message });
    }
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
    let caller: Caller;
    try {
      caller = await this.host.authenticate(token, this.org);
    } catch (err) {
      return this.refuse(err);
    }
    if (this.state !== 'authenticating') return;
    clearTimeout(this.authTimer);
    this.token = token;
    this.caller = caller;
    this.personId = caller.id;
    this.validatedAt = Date.now();
    this.state = 'joining';
    this.expireAt(expiryOfToken(token));
    if (!this.isClosed) await this.host.join(this);
  }

  /**
   * The person's access changed (a revoked sign-in, a lost membership: issue 29): the token and every
   * followed topic are checked again now rather than at the next periodic revalidation.
   */
  revalidateNow(): void {
    if (this.state !== 'open') return;
    if (this.revalidating) this.revalidateAgain = true;
    else void this.revalidate();
  }

  private async revalidate(): Promise<void> {
    if (this.revalidating) return;
    this.revalidating = true;
    try {
      this.caller = await this.host.authenticate(this.token, this.org);
      this.validatedAt = Date.now();
      if (this.topics.size > 0) this.enqueue(() => this.recheckTopics());
    } catch (err) {
      this.refuse(err);
    } finally {
      this.revalidating = false;
    }
    // A change announced while this check was under way may have been read too late by it.
    if (this.revalidateAgain) {
      this.revalidateAgain = false;
      this.revalidateNow();
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
function parseMessage(data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean): LiveClientMessage | null {
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
