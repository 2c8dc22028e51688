// The parts every offline send queue shares (attendance marks, bus positions): its items kept in
// localStorage under one key so a dead zone, a closed tab or a reload loses none, and one sending
// pass at a time, started now or after a wait.

export type QueueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The items stored under `key`, those `isItem` accepts when given; none when the value is unreadable. */
export function readStoredItems<T>(storage: QueueStorage, key: string, isItem?: (value: unknown) => value is T): T[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(key) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return isItem ? parsed.filter(isItem) : (parsed as T[]);
  } catch {
    return [];
  }
}

/** Stores the items under `key` (an empty queue removes it). */
export function storeItems(storage: QueueStorage, key: string, items: readonly unknown[]): void {
  try {
    if (items.length === 0) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify(items));
  } catch {
    // A full storage keeps the queue in memory only.
  }
}

export interface FlushLoop {
  /** Runs the pass, or joins the one running. */
  flush(): Promise<void>;
  /** Runs the pass after `ms`, replacing a wait already planned. */
  wait(ms: number): void;
  /** Drops the planned wait. */
  cancel(): void;
  /** A wait is planned (a backoff runs). */
  readonly isWaiting: boolean;
}

/** Runs `drain` one pass at a time, at once or after a wait. */
export function createFlushLoop(drain: () => Promise<void>): FlushLoop {
  let flushing: Promise<void> | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function cancel(): void {
    clearTimeout(timer);
    timer = undefined;
  }

  function flush(): Promise<void> {
    flushing ??= drain().finally(() => {
      flushing = null;
    });
    return flushing;
  }

  function wait(ms: number): void {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      void flush();
    }, ms);
  }

  return {
    flush,
    wait,
    cancel,
    get isWaiting() {
      return timer !== undefined;
    },
  };
}
