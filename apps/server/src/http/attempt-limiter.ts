import { HttpError } from './errors';

/**
 * Counts attempts per key in a sliding window, in memory: one process holds the counts; with several
 * processes each one limits on its own, which still caps abuse. The sign-in and registration limits
 * are built on it; each decides which attempts count and under which keys.
 */
export class AttemptLimiter {
  private readonly attempts = new Map<string, number[]>();

  /** `message` starts the 429 message; "Try again in N minute(s)." follows. */
  constructor(
    private readonly windowSeconds: number,
    private readonly message: string,
  ) {}

  /** Throws 429 too_many_attempts (with Retry-After) when a key has used up its `max` attempts. */
  assertAllowed(checks: readonly (readonly [key: string, max: number])[]): void {
    const now = Date.now();
    for (const [key, max] of checks) {
      const recent = this.recent(key, now);
      if (recent.length >= max) {
        const retryAfter = Math.max(1, Math.ceil((recent[0] + this.windowSeconds * 1000 - now) / 1000));
        throw new HttpError(429, 'too_many_attempts', `${this.message} Try again in ${Math.ceil(retryAfter / 60)} minute(s).`, {
          'retry-after': String(retryAfter),
        });
      }
    }
  }

  /** How many attempts a key has in the current window. */
  count(key: string): number {
    return this.recent(key, Date.now()).length;
  }

  /** Counts one attempt under each key; answers its time stamp (for `forget`). */
  record(keys: readonly string[]): number {
    const now = Date.now();
    for (const key of keys) {
      const recent = this.recent(key, now);
      recent.push(now);
      this.attempts.set(key, recent);
    }
    if (this.attempts.size > 50_000) this.prune(now);
    return now;
  }

  /** Takes back one attempt recorded at `stamp` (an attempt that turned out not to count). */
  forget(keys: readonly string[], stamp: number): void {
    for (const key of keys) {
      const list = this.attempts.get(key);
      const at = list?.lastIndexOf(stamp) ?? -1;
      if (list && at >= 0) list.splice(at, 1);
    }
  }

  private recent(key: string, now: number): number[] {
    const cutoff = now - this.windowSeconds * 1000;
    return (this.attempts.get(key) ?? []).filter((t) => t > cutoff);
  }

  private prune(now: number): void {
    for (const key of this.attempts.keys()) {
      if (this.recent(key, now).length === 0) this.attempts.delete(key);
    }
  }
}
