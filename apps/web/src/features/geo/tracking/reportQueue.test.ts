import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PositionReport } from '@patio/core/schemas/transport';
import { POSITION_REPORT_INTERVAL_MS } from '@patio/core/constants';
import { ApiError } from '../../../app/api/ApiError';
import { createReportQueue, MAX_QUEUED_REPORTS, MAX_SLOW_DOWNS_PER_REPORT, outcomeOfError, RETRY_MIN_MS, type SendOutcome } from './reportQueue';
import { createThrottle, isNewEnough } from './reportThrottle';

const KEY = 'patio.tracker.demo.5.queue';
const report = (n: number): PositionReport => ({
  latitude: 4.6 + n / 1000,
  longitude: -74.08,
  altitude: null,
  accuracy: 8,
  altitudeAccuracy: null,
  heading: null,
  speed: null,
  timestamp: 1_790_000_000 + n,
});
const stored = () => JSON.parse(localStorage.getItem(KEY) ?? '[]') as PositionReport[];

/** A server that answers each report with the next outcome of `answers` ('sent' once they run out). */
function server(answers: SendOutcome[] = []) {
  const received: number[] = [];
  const send = vi.fn(async (r: PositionReport) => {
    received.push(r.timestamp - 1_790_000_000);
    return answers.shift() ?? 'sent';
  });
  return { send, received };
}

describe('the report throttle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('lets one report through per interval and sends the newest waiting one when it is over', () => {
    const sent: number[] = [];
    const throttle = createThrottle<number>(POSITION_REPORT_INTERVAL_MS, (n) => sent.push(n));
    throttle.push(1);
    throttle.push(2);
    throttle.push(3);
    expect(sent).toEqual([1]);
    vi.advanceTimersByTime(POSITION_REPORT_INTERVAL_MS - 1);
    expect(sent).toEqual([1]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([1, 3]);
    // A fix long after the last one goes out at once.
    vi.advanceTimersByTime(5000);
    throttle.push(4);
    expect(sent).toEqual([1, 3, 4]);
  });

  it('never sends two reports less than 2 s apart, however fast the fixes come', () => {
    const start = Date.now();
    const sentAt: number[] = [];
    const throttle = createThrottle<number>(POSITION_REPORT_INTERVAL_MS, () => sentAt.push(Date.now() - start));
    for (let i = 0; i < 20; i++) {
      throttle.push(i);
      vi.advanceTimersByTime(500);
    }
    // Fixes every 500 ms for 10 s: a report at 0, 2, 4, 6, 8 s and the last fix at 10 s.
    expect(sentAt).toEqual([0, 2000, 4000, 6000, 8000, 10_000]);
  });

  it('skips a fix no newer than most of the interval after the last one reported', () => {
    expect(isNewEnough({ timestamp: 100 }, null, 2000)).toBe(true);
    expect(isNewEnough({ timestamp: 101.5 }, { timestamp: 100 }, 2000)).toBe(true);
    expect(isNewEnough({ timestamp: 101.4 }, { timestamp: 100 }, 2000)).toBe(false);
    // A cached fix the watcher hands back late is older than the last one sent.
    expect(isNewEnough({ timestamp: 99 }, { timestamp: 100 }, 2000)).toBe(false);
  });

  it('forgets a waiting report when cancelled', () => {
    const sent: number[] = [];
    const throttle = createThrottle<number>(POSITION_REPORT_INTERVAL_MS, (n) => sent.push(n));
    throttle.push(1);
    throttle.push(2);
    throttle.cancel();
    vi.advanceTimersByTime(10_000);
    expect(sent).toEqual([1]);
  });
});

describe('the report queue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends reports in order and forgets each one the server took', async () => {
    const { send, received } = server();
    const queue = createReportQueue({ storage: localStorage, key: KEY, send });
    queue.add(report(1));
    queue.add(report(2));
    await queue.flush();
    expect(received).toEqual([1, 2]);
    expect(queue.state).toMatchObject({ queued: 0, problem: null });
    expect(queue.state.lastSentAt).toBe(Date.now());
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('keeps reports while offline and sends them in order when the network is back', async () => {
    const { send, received } = server(['later']);
    const changes: number[] = [];
    const queue = createReportQueue({ storage: localStorage, key: KEY, send, onChange: (s) => changes.push(s.queued) });
    queue.add(report(1));
    await queue.flush();
    queue.add(report(2));
    queue.add(report(3));
    // Waiting out the backoff: nothing more is tried, everything is stored.
    expect(received).toEqual([1]);
    expect(queue.state).toMatchObject({ queued: 3, problem: 'later' });
    expect(stored().map((r) => r.timestamp - 1_790_000_000)).toEqual([1, 2, 3]);
    await queue.retryNow();
    expect(received).toEqual([1, 1, 2, 3]);
    expect(queue.state).toMatchObject({ queued: 0, problem: null });
  });

  it('tries again by itself after a backoff that doubles', async () => {
    const { send, received } = server(['later', 'later']);
    const queue = createReportQueue({ storage: localStorage, key: KEY, send });
    queue.add(report(1));
    await vi.advanceTimersByTimeAsync(0);
    expect(received).toEqual([1]);
    await vi.advanceTimersByTimeAsync(RETRY_MIN_MS);
    expect(received).toEqual([1, 1]);
    await vi.advanceTimersByTimeAsync(RETRY_MIN_MS * 2 - 1);
    expect(received).toEqual([1, 1]);
    await vi.advanceTimersByTimeAsync(1);
    expect(received).toEqual([1, 1, 1]);
    expect(queue.state.queued).toBe(0);
  });

  it('picks up the reports a closed tab left behind', async () => {
    localStorage.setItem(KEY, JSON.stringify([report(7), report(8)]));
    const { send, received } = server();
    const queue = createReportQueue({ storage: localStorage, key: KEY, send });
    expect(queue.state.queued).toBe(2);
    await queue.flush();
    expect(received).toEqual([7, 8]);
  });

  it('drops a report the server refuses as invalid and goes on with the next', async () => {
    const { send, received } = server(['invalid']);
    const queue = createReportQueue({ storage: localStorage, key: KEY, send });
    queue.add(report(1));
    queue.add(report(2));
    await vi.advanceTimersByTimeAsync(0);
    expect(received).toEqual([1, 2]);
    expect(queue.state.queued).toBe(0);
  });

  it('backs off after 429 and sends the same report again, in order', async () => {
    const { send, received } = server(['slowDown']);
    const queue = createReportQueue({ storage: localStorage, key: KEY, send });
    queue.add(report(1));
    queue.add(report(2));
    await vi.advanceTimersByTimeAsync(0);
    expect(received).toEqual([1]);
    expect(queue.state.problem).toBe('slowDown');
    await vi.advanceTimersByTimeAsync(POSITION_REPORT_INTERVAL_MS);
    expect(received).toEqual([1, 1, 2]);
    expect(queue.state).toMatchObject({ queued: 0, problem: null });
  });

  it('drops a report the server keeps refusing with 429, so the ones behind it go out', async () => {
    const { send, received } = server(Array(MAX_SLOW_DOWNS_PER_REPORT + 1).fill('slowDown'));
    const queue = createReportQueue({ storage: localStorage, key: KEY, send });
    queue.add(report(1));
    queue.add(report(2));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(received).toEqual([...Array(MAX_SLOW_DOWNS_PER_REPORT + 1).fill(1), 2]);
    expect(queue.state.queued).toBe(0);
  });

  it('keeps at most an hour of reports, dropping the oldest', () => {
    const { send } = server(Array(10).fill('later'));
    const queue = createReportQueue({ storage: localStorage, key: KEY, send });
    for (let i = 0; i < MAX_QUEUED_REPORTS + 5; i++) queue.add(report(i));
    expect(queue.state.queued).toBe(MAX_QUEUED_REPORTS);
    expect(stored()[0].timestamp - 1_790_000_000).toBe(5);
  });

  it('counts the answers of POST geo/targets/{id}/position', () => {
    const answer = (status: number, error: string) => new ApiError(status, { error, message: '' }, 'x');
    expect(outcomeOfError(answer(400, 'invalid'))).toBe('invalid');
    expect(outcomeOfError(answer(409, 'run_not_started'))).toBe('notRunning');
    expect(outcomeOfError(answer(429, 'too_many_reports'))).toBe('slowDown');
    expect(outcomeOfError(answer(503, 'unavailable'))).toBe('later');
    expect(outcomeOfError(new TypeError('Failed to fetch'))).toBe('later');
  });
});
