export interface Throttle<T> {
  /** Offers an item: sent at once when the interval has passed, else kept (replacing an older one) until it has. */
  push(item: T): void;
  /** Forgets a kept item and its timer. */
  cancel(): void;
}

/**
 * At most one item per `intervalMs` (spec §9: one position report per 2 s). A fix that comes too soon
 * is not lost: the newest one waiting goes out as soon as the interval is over, so the last position
 * before the bus stops is always reported.
 */
export function createThrottle<T>(intervalMs: number, emit: (item: T) => void): Throttle<T> {
  let lastEmitAt = Number.NEGATIVE_INFINITY;
  let pending: { item: T } | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function emitNow(item: T): void {
    lastEmitAt = Date.now();
    emit(item);
  }

  return {
    push(item) {
      const wait = lastEmitAt + intervalMs - Date.now();
      if (wait <= 0 && !pending) {
        emitNow(item);
        return;
      }
      pending = { item };
      timer ??= setTimeout(
        () => {
          timer = undefined;
          const waiting = pending;
          pending = null;
          if (waiting) emitNow(waiting.item);
        },
        Math.max(0, wait),
      );
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
      pending = null;
    },
  };
}

/** The share of the interval two reports must be apart in device time (the server allows 1.5 of 2 s). */
const MIN_GAP_SHARE = 0.75;

/**
 * Whether a fix is worth reporting after `last` (the previous one reported): newer by most of the
 * report interval in device time. The server refuses a report closer than that to the live one (429
 * whatever the wait), and a watcher may hand back a cached fix (maximum age 5 s) older than the last.
 */
export function isNewEnough(fix: { timestamp: number }, last: { timestamp: number } | null, intervalMs: number): boolean {
  return last === null || (fix.timestamp - last.timestamp) * 1000 >= intervalMs * MIN_GAP_SHARE;
}
