import type { LiveConnection } from './live.connection';

interface Delivery {
  frame: Buffer;
  /** The followers when the event arrived; one that stops following before its turn is skipped. */
  sockets: LiveConnection[];
  next: number;
}

/**
 * The sockets of this process that follow one topic, and the writes of its events to them: each event
 * serialised once by the caller, the same bytes to every socket. A topic with more followers than a
 * slice is written a slice per turn of the event loop; its later events wait for the earlier ones, so
 * every socket still gets a topic's events in the order the bus gave them.
 */
export class TopicFanout {
  readonly sockets = new Set<LiveConnection>();
  private readonly backlog: Delivery[] = [];

  /** `slice`: sockets written before yielding to the event loop (LiveSettings.fanoutSlice). */
  constructor(private readonly slice: number) {}

  get size(): number {
    return this.sockets.size;
  }

  send(frame: Buffer): void {
    if (this.sockets.size === 0) return;
    if (this.backlog.length === 0 && this.sockets.size <= this.slice) {
      for (const connection of this.sockets) connection.sendText(frame);
      return;
    }
    this.backlog.push({ frame, sockets: [...this.sockets], next: 0 });
    if (this.backlog.length === 1) this.drain();
  }

  private readonly drain = (): void => {
    let budget = this.slice;
    while (this.backlog.length > 0) {
      const delivery = this.backlog[0];
      const { frame, sockets } = delivery;
      while (delivery.next < sockets.length && budget > 0) {
        const connection = sockets[delivery.next++];
        if (this.sockets.has(connection)) connection.sendText(frame);
        budget--;
      }
      if (delivery.next < sockets.length) {
        setImmediate(this.drain);
        return;
      }
      this.backlog.shift();
    }
  };
}
