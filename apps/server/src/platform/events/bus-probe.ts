import { randomBytes } from 'node:crypto';
import type { EventBus, Subscription } from './event-bus';

/** A probe that has not come back by then counts as lost: the bus (Redis) is away or far behind. */
export const PROBE_TIMEOUT_MS = 2000;

/**
 * Measures the event bus end to end: publishes a probe on a topic only this process follows and waits
 * for it to come back. Through Redis that is a PUBLISH and a delivery on the subscribing connection,
 * the delay every live event (a message, a bus position) has on top of its own work; in-process it is
 * one turn of the event loop. Readiness uses it to check Redis, the metrics to report the lag.
 */
export class EventBusProbe {
  private readonly topic = `patio.probe.${randomBytes(6).toString('hex')}`;
  private readonly waiting = new Map<number, () => void>();
  private subscription: Subscription | undefined;
  private inFlight: Promise<number> | undefined;
  private sequence = 0;

  constructor(
    private readonly events: EventBus,
    private readonly timeoutMs = PROBE_TIMEOUT_MS,
  ) {}

  /** Seconds a probe took to come back; rejects when it did not within the timeout. Overlapping calls share one probe. */
  roundTrip(): Promise<number> {
    this.inFlight ??= this.probe().finally(() => (this.inFlight = undefined));
    return this.inFlight;
  }

  private async probe(): Promise<number> {
    const id = ++this.sequence;
    const started = process.hrtime.bigint();
    const back = new Promise<void>((resolve) => this.waiting.set(id, resolve));
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the event bus did not deliver a probe within ${this.timeoutMs} ms`)), this.timeoutMs);
    });
    try {
      const subscription = this.subscribed();
      await Promise.race([subscription.ready.then(() => this.events.publish(this.topic, { id })).then(() => back), late]);
      return Number(process.hrtime.bigint() - started) / 1e9;
    } catch (err) {
      // A subscription whose SUBSCRIBE failed stays failed: start over with a fresh one next time.
      const failed = this.subscription;
      this.subscription = undefined;
      await failed?.().catch(() => {});
      throw err;
    } finally {
      clearTimeout(timer);
      this.waiting.delete(id);
    }
  }

  private subscribed(): Subscription {
    this.subscription ??= this.events.subscribe(this.topic, (payload) => {
      const id = (payload as { id?: unknown } | null)?.id;
      if (typeof id === 'number') this.waiting.get(id)?.();
    });
    return this.subscription;
  }
}
