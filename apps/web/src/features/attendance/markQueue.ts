import { MAX_MARKS_PER_REQUEST, type AttendanceMark } from '@patio/core/schemas/attendance';
import { ApiError } from '../../app/api/ApiError';
import { createFlushLoop, readStoredItems, storeItems, type QueueStorage } from '../../app/offline/storedQueue';

// Marks waiting for the server, kept in localStorage per school and node so that a dead zone, a closed
// tab or a reload loses none (issue 15: the roll works offline and syncs). Each carries its day and
// the device time it was made (`markedAt`): the server keeps the latest mark of a person and day, so
// sending a batch twice (an answer lost on the way back) changes nothing the second time.

/** A mark as queued: its day and device time are fixed when the teacher taps, not when it is sent. */
export type QueuedMark = AttendanceMark & { date: string; markedAt: number };

/** idle: nothing to do or all sent; sending; waiting: offline or failing, a retry is planned; failed: refused for good. */
export type SyncStatus = 'idle' | 'sending' | 'waiting' | 'failed';

export interface MarkQueueState {
  queued: readonly QueuedMark[];
  status: SyncStatus;
  /** The server's error code of a refused batch (`not_in_node`, `future_date`, `forbidden`…). */
  error: string | null;
  /** Epoch ms of the last batch the server accepted, on this device. */
  lastSyncedAt: number | null;
}

/** What became of one batch: accepted; refused for good (with the server's code); or to be tried later. */
export type SendOutcome = { kind: 'sent' } | { kind: 'refused'; code: string } | { kind: 'later' };

/** After a failed send the next try waits this long, doubling up to RETRY_MAX_MS. */
export const RETRY_MIN_MS = 3000;
export const RETRY_MAX_MS = 60_000;

/** How an error of POST …/log counts: a 4xx answer will not change by waiting (but 401, 408 and 429 may). */
export function outcomeOfError(error: unknown): SendOutcome {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && ![401, 408, 429].includes(error.status)) {
    return { kind: 'refused', code: error.code ?? 'other' };
  }
  return { kind: 'later' };
}

export interface MarkQueueOptions {
  storage: QueueStorage;
  key: string;
  /** Posts one batch (an array); resolves to its outcome, never rejects. */
  send(marks: QueuedMark[]): Promise<SendOutcome>;
  onChange?(state: MarkQueueState): void;
  /** A batch was accepted (the roll should be read again). */
  onSent?(marks: QueuedMark[]): void;
}

export interface MarkQueue {
  /** Queues marks (a later mark of the same person and day replaces the queued one) and starts sending. */
  add(marks: QueuedMark[]): void;
  /** Sends what is queued, oldest first; resolves when the queue is empty or has to wait. */
  flush(): Promise<void>;
  /** The network is back or the teacher asked: try at once instead of waiting out the backoff. */
  retryNow(): Promise<void>;
  /** Drops marks the server refused for good. */
  discard(): void;
  readonly state: MarkQueueState;
  /** Stops timers; the queue stays stored for the next time. */
  dispose(): void;
}

function isQueuedMark(value: unknown): value is QueuedMark {
  const mark = value as QueuedMark | null;
  return !!mark && typeof mark.person === 'number' && typeof mark.type === 'string' && typeof mark.date === 'string' && typeof mark.markedAt === 'number';
}

/** The marks stored under `key` (what the screen shows before the queue starts). */
export function readStoredMarks(storage: MarkQueueOptions['storage'], key: string): QueuedMark[] {
  return readStoredItems(storage, key, isQueuedMark);
}

const samePersonAndDay = (a: QueuedMark, b: QueuedMark) => a.person === b.person && a.date === b.date;

export function createMarkQueue({ storage, key, send, onChange, onSent }: MarkQueueOptions): MarkQueue {
  let items = readStoredMarks(storage, key);
  let state: MarkQueueState = { queued: items, status: 'idle', error: null, lastSyncedAt: null };
  let failures = 0;
  let disposed = false;
  const loop = createFlushLoop(drain);
  const { flush, wait } = loop;

  function save(): void {
    storeItems(storage, key, items);
  }

  function update(part: Partial<MarkQueueState>): void {
    state = { ...state, ...part, queued: items };
    onChange?.(state);
  }

  async function drain(): Promise<void> {
    loop.cancel();
    while (items.length > 0 && !disposed && state.status !== 'failed') {
      const batch = items.slice(0, MAX_MARKS_PER_REQUEST);
      update({ status: 'sending' });
      const outcome = await send(batch);
      if (disposed) return;
      if (outcome.kind === 'later') {
        wait(Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** failures++));
        update({ status: 'waiting' });
        return;
      }
      if (outcome.kind === 'refused') {
        // The server changes nothing of a refused batch: the marks stay until the teacher retries or discards them.
        update({ status: 'failed', error: outcome.code });
        return;
      }
      // Marks added or replaced while the batch was on its way stay queued: only the very ones sent leave.
      const sent = new Set(batch);
      items = items.filter((mark) => !sent.has(mark));
      save();
      failures = 0;
      update({ status: 'idle', error: null, lastSyncedAt: Date.now() });
      onSent?.(batch);
    }
  }

  return {
    add(marks) {
      for (const mark of marks) items = [...items.filter((queued) => !samePersonAndDay(queued, mark)), mark];
      save();
      update({});
      // While a backoff runs the marks wait their turn: the timer sends them.
      if (!loop.isWaiting && state.status !== 'failed') void flush();
    },
    flush,
    retryNow() {
      failures = 0;
      loop.cancel();
      if (state.status === 'failed' || state.status === 'waiting') update({ status: 'idle', error: null });
      return flush();
    },
    discard() {
      items = [];
      save();
      update({ status: 'idle', error: null });
    },
    get state() {
      return state;
    },
    dispose() {
      disposed = true;
      loop.cancel();
    },
  };
}
