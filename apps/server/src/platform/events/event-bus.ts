// The event bus: fire-and-forget notices between the parts of the system (a new message, a bus
// position) so that live connections and workers can react. In-process by default; Redis pub/sub
// when REDIS_URL is set, so every server process sees the events of the others. Payloads travel as
// JSON in both, so a handler gets the same plain data whichever bus runs. Nothing is stored: a
// subscriber that is not listening when an event is published never sees it (durable work goes
// through the job queue instead).

export type EventHandler = (payload: unknown, topic: string) => void | Promise<void>;

/** Ends a subscription; `ready` resolves once events published from now on reach it. */
export type Subscription = (() => Promise<void>) & { ready: Promise<void> };

export interface EventBus {
  /** Sends `payload` (JSON-serialisable) to every subscriber of `topic`, in every process sharing the bus. */
  publish(topic: string, payload: unknown): Promise<void>;
  subscribe(topic: string, handler: EventHandler): Subscription;
  /** Stops delivering and releases connections. */
  close(): Promise<void>;
}

/** The logger a bus reports failing handlers and connection trouble to. */
export interface EventLog {
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** A topic is a short non-empty name such as `org.12.threads`. */
export function checkTopic(topic: string): string {
  if (typeof topic !== 'string' || topic.length === 0 || topic.length > 200) throw new Error('An event topic has 1 to 200 characters');
  return topic;
}

/** The handlers of one process, by topic: both buses deliver through it. */
export class LocalSubscribers {
  private readonly handlers = new Map<string, Set<EventHandler>>();

  constructor(private readonly log: EventLog) {}

  /** Adds a handler; answers whether it is the topic's first. */
  add(topic: string, handler: EventHandler): boolean {
    let set = this.handlers.get(topic);
    const first = !set;
    if (!set) this.handlers.set(topic, (set = new Set()));
    set.add(handler);
    return first;
  }

  /** Removes a handler; answers whether the topic has none left. */
  remove(topic: string, handler: EventHandler): boolean {
    const set = this.handlers.get(topic);
    if (!set?.delete(handler)) return false;
    if (set.size > 0) return false;
    this.handlers.delete(topic);
    return true;
  }

  /** Calls every handler of `topic` with its own copy of the payload; one failing handler does not stop the others. */
  deliver(topic: string, json: string): void {
    for (const handler of this.handlers.get(topic) ?? []) {
      let payload: unknown;
      try {
        payload = JSON.parse(json);
      } catch (err) {
        this.log.warn({ err, topic }, 'dropped an event that is not JSON');
        return;
      }
      Promise.resolve()
        .then(() => handler(payload, topic))
        .catch((err: unknown) => this.log.error({ err, topic }, 'event handler failed'));
    }
  }

  clear(): void {
    this.handlers.clear();
  }
}

/** JSON text of a payload (undefined becomes null). */
export function encodePayload(payload: unknown): string {
  return JSON.stringify(payload ?? null);
}
