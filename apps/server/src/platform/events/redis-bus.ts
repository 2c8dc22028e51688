import { Redis } from 'ioredis';
import { checkTopic, encodePayload, LocalSubscribers, type EventBus, type EventHandler, type EventLog, type Subscription } from './event-bus';

/** Channels of the bus in Redis, so Patio's events do not mix with other users of the same server. */
const CHANNEL_PREFIX = 'patio:events:';
/** quit() waits for pending publishes; a Redis that does not answer gets this long. */
const QUIT_TIMEOUT_MS = 1000;

/** Waits for `command` at most QUIT_TIMEOUT_MS; its failure is nobody's concern any more. */
async function withinQuitTimeout(command: Promise<unknown>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, QUIT_TIMEOUT_MS)));
  await Promise.race([command.then(() => undefined, () => undefined), late]);
  clearTimeout(timer);
}

/**
 * Redis pub/sub (REDIS_URL): every server process subscribed to a topic gets the events any of them
 * publishes, its own included. Two connections, since a subscribing Redis connection can do nothing
 * else: one publishes, one subscribes (one SUBSCRIBE per topic however many local handlers it has).
 * ioredis reconnects and subscribes again by itself after a network failure; events published while
 * a process was cut off are not replayed to it.
 */
export class RedisEventBus implements EventBus {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly subscribers: LocalSubscribers;
  /** The latest SUBSCRIBE of each topic: later handlers of the topic are ready when it is. */
  private readonly subscribed = new Map<string, Promise<void>>();
  private closed = false;

  constructor(url: string, log: EventLog) {
    this.subscribers = new LocalSubscribers(log);
    this.publisher = new Redis(url, { connectionName: 'patio-publisher' });
    this.subscriber = new Redis(url, { connectionName: 'patio-subscriber' });
    for (const [role, connection] of [['publisher', this.publisher], ['subscriber', this.subscriber]] as const) {
      // ioredis retries on its own; one line per distinct trouble instead of one per retry.
      let last = '';
      connection.on('error', (err: Error) => {
        if (err.message !== last) log.warn({ err, role }, 'Redis event bus connection failed; retrying');
        last = err.message;
      });
      connection.on('ready', () => (last = ''));
    }
    this.subscriber.on('message', (channel: string, message: string) => {
      if (!this.closed && channel.startsWith(CHANNEL_PREFIX)) this.subscribers.deliver(channel.slice(CHANNEL_PREFIX.length), message);
    });
  }

  async publish(topic: string, payload: unknown): Promise<void> {
    checkTopic(topic);
    if (this.closed) throw new Error('The event bus is closed');
    await this.publisher.publish(CHANNEL_PREFIX + topic, encodePayload(payload));
  }

  subscribe(topic: string, handler: EventHandler): Subscription {
    checkTopic(topic);
    if (this.closed) throw new Error('The event bus is closed');
    if (this.subscribers.add(topic, handler)) {
      this.subscribed.set(topic, this.subscriber.subscribe(CHANNEL_PREFIX + topic).then(() => undefined));
    }
    const ready = this.subscribed.get(topic)!;
    // Whoever ignores `ready` must not get an unhandled rejection; whoever awaits it still sees the failure.
    ready.catch(() => {});
    let active = true;
    const unsubscribe = async () => {
      if (!active || this.closed) return;
      active = false;
      if (this.subscribers.remove(topic, handler)) {
        this.subscribed.delete(topic);
        // ioredis holds a command until Redis is back: an unreachable Redis must not hold a closing server.
        await withinQuitTimeout(this.subscriber.unsubscribe(CHANNEL_PREFIX + topic));
      }
    };
    return Object.assign(unsubscribe, { ready });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.subscribers.clear();
    await Promise.all(
      [this.publisher, this.subscriber].map(async (connection) => {
        await withinQuitTimeout(connection.quit());
        connection.disconnect();
      }),
    );
  }
}
