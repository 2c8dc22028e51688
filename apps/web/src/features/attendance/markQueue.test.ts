import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../app/api/ApiError';
import { createMarkQueue, outcomeOfError, readStoredMarks, RETRY_MIN_MS, type QueuedMark, type SendOutcome } from './markQueue';

const KEY = 'patio.attendance.demo.70.queue';
/** Longer than any backoff. */
const RETRY_MAX_WAIT = 120_000;
const mark = (person: number, type: QueuedMark['type'] = 'present', markedAt = 1_790_000_000 + person): QueuedMark => ({ person, type, date: '2026-03-02', markedAt });

/** A server answering each batch with the next outcome of `answers` ('sent' once they run out), recording every body. */
function server(answers: SendOutcome['kind'][] = []) {
  const bodies: QueuedMark[][] = [];
  const send = vi.fn(async (marks: QueuedMark[]): Promise<SendOutcome> => {
    bodies.push(structuredClone(marks));
    const kind = answers.shift() ?? 'sent';
    return kind === 'refused' ? { kind, code: 'not_in_node' } : { kind };
  });
  return { send, bodies };
}

describe('the offline queue of marks', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('keeps marks made offline on the device, across a reload, and sends them in order as one array when the network is back', async () => {
    const offline = server(['later']);
    const first = createMarkQueue({ storage: localStorage, key: KEY, send: offline.send });
    first.add([mark(1, 'absent'), mark(2), mark(3, 'late')]);
    await first.flush();
    expect(first.state.status).toBe('waiting');
    expect(readStoredMarks(localStorage, KEY).map((m) => m.person)).toEqual([1, 2, 3]);
    first.dispose();

    // The page is reloaded while still offline: the queue comes back from storage.
    const online = server();
    const onSent = vi.fn();
    const second = createMarkQueue({ storage: localStorage, key: KEY, send: online.send, onSent });
    expect(second.state.queued.map((m) => m.person)).toEqual([1, 2, 3]);
    await second.retryNow();
    expect(online.bodies).toEqual([[mark(1, 'absent'), mark(2), mark(3, 'late')]]);
    expect(second.state).toMatchObject({ status: 'idle', queued: [], error: null });
    expect(second.state.lastSyncedAt).not.toBeNull();
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(onSent).toHaveBeenCalledTimes(1);
  });

  it('retries on a growing backoff and resends the very same marks (device times included), which the server takes as already saved', async () => {
    const { send, bodies } = server(['later', 'later']);
    const queue = createMarkQueue({ storage: localStorage, key: KEY, send });
    queue.add([mark(1, 'absent')]);
    await vi.advanceTimersByTimeAsync(0);
    expect(bodies).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(RETRY_MIN_MS);
    expect(bodies).toHaveLength(2);
    // The second wait is twice as long.
    await vi.advanceTimersByTimeAsync(RETRY_MIN_MS);
    expect(bodies).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(RETRY_MIN_MS);
    expect(bodies).toHaveLength(3);
    expect(bodies[0]).toEqual(bodies[1]);
    expect(bodies[1]).toEqual(bodies[2]);
    expect(queue.state.queued).toEqual([]);
  });

  it('keeps one mark per student and day, the latest, at the end of the line', async () => {
    const { send, bodies } = server(['later']);
    const queue = createMarkQueue({ storage: localStorage, key: KEY, send });
    queue.add([mark(1, 'absent', 10), mark(2, 'present', 11)]);
    await queue.flush();
    queue.add([mark(1, 'present', 12)]);
    await queue.retryNow();
    expect(bodies[1]).toEqual([mark(2, 'present', 11), mark(1, 'present', 12)]);
  });

  it('leaves a mark made while a batch is on its way for the next batch', async () => {
    let release: (outcome: SendOutcome) => void = () => undefined;
    const bodies: number[][] = [];
    const send = vi.fn((marks: QueuedMark[]) => {
      bodies.push(marks.map((m) => m.person));
      return bodies.length === 1 ? new Promise<SendOutcome>((resolve) => (release = resolve)) : Promise.resolve<SendOutcome>({ kind: 'sent' });
    });
    const queue = createMarkQueue({ storage: localStorage, key: KEY, send });
    queue.add([mark(1), mark(2)]);
    await vi.advanceTimersByTimeAsync(0);
    queue.add([mark(3, 'late')]);
    release({ kind: 'sent' });
    await queue.flush();
    expect(bodies).toEqual([[1, 2], [3]]);
    expect(queue.state.queued).toEqual([]);
  });

  it('stops on a refusal, keeps the marks, and lets the teacher retry or discard them', async () => {
    const { send, bodies } = server(['refused']);
    const queue = createMarkQueue({ storage: localStorage, key: KEY, send });
    queue.add([mark(9, 'absent')]);
    await queue.flush();
    expect(queue.state).toMatchObject({ status: 'failed', error: 'not_in_node' });
    await vi.advanceTimersByTimeAsync(RETRY_MAX_WAIT);
    expect(bodies).toHaveLength(1);
    queue.discard();
    expect(queue.state).toMatchObject({ status: 'idle', queued: [] });
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('counts 4xx answers as refusals but offline, 401, 429 and 5xx as worth another try', () => {
    expect(outcomeOfError(new ApiError(400, { error: 'future_date' }, ''))).toEqual({ kind: 'refused', code: 'future_date' });
    expect(outcomeOfError(new ApiError(403, { error: 'forbidden' }, ''))).toEqual({ kind: 'refused', code: 'forbidden' });
    expect(outcomeOfError(new TypeError('Failed to fetch'))).toEqual({ kind: 'later' });
    for (const status of [401, 429, 500, 503]) expect(outcomeOfError(new ApiError(status, null, ''))).toEqual({ kind: 'later' });
  });
});
