import type { PositionReport } from '@patio/core/schemas/transport';
import { POSITION_REPORT_INTERVAL_MS } from '@patio/core/constants';
import { ApiError } from '../../../app/api/ApiError';
import { createFlushLoop, readStoredItems, storeItems, type QueueStorage } from '../../../app/offline/storedQueue';

// Position reports waiting for the server, kept in localStorage per target so that a tunnel, a dead
// zone or a reload loses none: they go out one at a time, oldest first, as soon as the network is back.

/** What became of one report: accepted; refused for good (dropped); or kept to try again later. */
export type SendOutcome = 'sent' | 'invalid' | 'notRunning' | 'slowDown' | 'later';

/** Why reports are waiting, for the screen: offline or failing, the server asked to slow down, or reports were dropped. */
export type QueueProblem = 'later' | 'slowDown' | 'invalid' | 'notRunning';

export interface ReportQueueState {
  queued: number;
  /** Epoch ms of the last report the server accepted, on this device. */
  lastSentAt: number | null;
  problem: QueueProblem | null;
}

/** An hour of reports at one per 2 s; beyond it the oldest go (the live map only needs the newest). */
export const MAX_QUEUED_REPORTS = 1800;
/** After a failed send (offline, server error) the next try waits this long, doubling up to RETRY_MAX_MS. */
export const RETRY_MIN_MS = 5000;
export const RETRY_MAX_MS = 60_000;
/** After a 429 the next try waits one report interval, doubling up to SLOW_DOWN_MAX_MS. */
export const SLOW_DOWN_MAX_MS = 30_000;
/**
 * A report refused with 429 this many times in a row is dropped: the server also answers 429 to a
 * report too close in device time to the live one, which no wait can change, and the queue must flow.
 */
export const MAX_SLOW_DOWNS_PER_REPORT = 3;

/** How an answer of POST geo/targets/{id}/position counts (issue 13: 400 invalid, 409 run_not_started, 429 too_many_reports). */
export function outcomeOfError(error: unknown): SendOutcome {
  if (error instanceof ApiError) {
    if (error.status === 400) return 'invalid';
    if (error.status === 409) return 'notRunning';
    if (error.status === 429) return 'slowDown';
  }
  return 'later';
}

export interface ReportQueueOptions {
  storage: QueueStorage;
  key: string;
  /** Posts one report; resolves to its outcome (see outcomeOfError), never rejects. */
  send(report: PositionReport): Promise<SendOutcome>;
  onChange?(state: ReportQueueState): void;
}

export interface ReportQueue {
  /** Queues a report behind the others and starts sending. */
  add(report: PositionReport): void;
  /** Sends what is queued, in order; resolves when the queue is empty or has to wait. */
  flush(): Promise<void>;
  /** The network is back: try at once instead of waiting out the backoff. */
  retryNow(): Promise<void>;
  readonly state: ReportQueueState;
  /** Stops timers; the queue stays stored for the next time. */
  dispose(): void;
}

/** How many reports wait under `key` (what the screen shows before the queue starts). */
export function storedReportCount(storage: ReportQueueOptions['storage'], key: string): number {
  return readStoredItems(storage, key).length;
}

export function createReportQueue({ storage, key, send, onChange }: ReportQueueOptions): ReportQueue {
  let items = readStoredItems<PositionReport>(storage, key);
  let state: ReportQueueState = { queued: items.length, lastSentAt: null, problem: null };
  let failures = 0;
  let slowDowns = 0;
  let disposed = false;
  const loop = createFlushLoop(drain);
  const { flush, wait } = loop;

  function save(): void {
    storeItems(storage, key, items);
  }

  function update(part: Partial<ReportQueueState>): void {
    state = { ...state, ...part, queued: items.length };
    onChange?.(state);
  }

  async function drain(): Promise<void> {
    loop.cancel();
    while (items.length > 0 && !disposed) {
      const report = items[0];
      const outcome = await send(report);
      if (disposed) return;
      if (outcome === 'later') {
        wait(Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** failures++));
        update({ problem: 'later' });
        return;
      }
      if (outcome === 'slowDown' && slowDowns < MAX_SLOW_DOWNS_PER_REPORT) {
        wait(Math.min(SLOW_DOWN_MAX_MS, POSITION_REPORT_INTERVAL_MS * 2 ** slowDowns++));
        update({ problem: 'slowDown' });
        return;
      }
      // Sent, or refused for good (a broken fix, a run that ended, too many 429s): it leaves the queue.
      if (items[0] === report) items.shift();
      save();
      failures = 0;
      slowDowns = 0;
      if (outcome === 'sent') update({ lastSentAt: Date.now(), problem: null });
      else update({ problem: outcome });
    }
  }

  return {
    add(report) {
      items.push(report);
      if (items.length > MAX_QUEUED_REPORTS) items = items.slice(items.length - MAX_QUEUED_REPORTS);
      save();
      update({});
      // While a backoff runs the report waits its turn: the timer sends it.
      if (!loop.isWaiting) void flush();
    },
    flush,
    retryNow() {
      failures = 0;
      slowDowns = 0;
      loop.cancel();
      return flush();
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
