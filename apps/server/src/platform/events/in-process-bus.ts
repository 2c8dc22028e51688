import { checkTopic, encodePayload, LocalSubscribers, type EventBus, type EventHandler, type EventLog, type Subscription } from './event-bus';

/** The embedded default: events reach the subscribers of this process only. */
export class InProcessEventBus implements EventBus {
  private readonly subscribers: LocalSubscribers;
  private closed = false;

  constructor(log: EventLog) {
    this.subscribers = new LocalSubscribers(log);
  }

  async publish(topic: string, payload: unknown): Promise<void> {
    checkTopic(topic);
    if (this.closed) throw new Error('The event bus is closed');
    // Serialised now, delivered on a later tick: as with Redis, the publisher never waits for the
    // handlers and a handler cannot change what the others receive.
    const json = encodePayload(payload);
    queueMicrotask(() => {
      if (!this.closed) this.subscribers.deliver(topic, json);
    });
  }

  subscribe(topic: string, handler: EventHandler): Subscription {
    checkTopic(topic);
    this.subscribers.add(topic, handler);
    const unsubscribe = async () => {
      this.subscribers.remove(topic, handler);
    };
    return Object.assign(unsubscribe, { ready: Promise.resolve() });
  }

  async close(): Promise<void> {
    this.closed = true;
    this.subscribers.clear();
  }
}
