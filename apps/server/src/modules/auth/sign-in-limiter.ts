import type { SignInLimits } from '../../config';
import { HttpError } from '../../http/errors';

/**
 * Counts failed sign-ins per account and per client IP in a sliding window (in memory: one process
 * holds the counts; with several processes each one limits on its own, which still caps guessing).
 * Successful sign-ins consume nothing.
 */
export class SignInLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly limits: SignInLimits) {}

  /** Throws 429 when the account or the IP has used up its failures. */
  assertAllowed(accountKey: string | null, ip: string): void {
    const now = Date.now();
    const checks: [string, number][] = [[`ip:${ip}`, this.limits.perIp]];
    if (accountKey) checks.push([`account:${accountKey}`, this.limits.perAccount]);
    for (const [key, limit] of checks) {
      const recent = this.recent(key, now);
      if (recent.length >= limit) {
        const retryAfter = Math.max(1, Math.ceil((recent[0] + this.limits.windowSeconds * 1000 - now) / 1000));
        throw new HttpError(
          429,
          'too_many_attempts',
          `Too many failed sign-in attempts. Try again in ${Math.ceil(retryAfter / 60)} minute(s).`,
          { 'retry-after': String(retryAfter) },
        );
      }
    }
  }

  recordFailure(accountKey: string | null, ip: string): void {
    const now = Date.now();
    for (const key of [`ip:${ip}`, ...(accountKey ? [`account:${accountKey}`] : [])]) {
      const recent = this.recent(key, now);
      recent.push(now);
      this.failures.set(key, recent);
    }
    if (this.failures.size > 50_000) this.prune(now);
  }

  private recent(key: string, now: number): number[] {
    const cutoff = now - this.limits.windowSeconds * 1000;
    return (this.failures.get(key) ?? []).filter((t) => t > cutoff);
  }

  private prune(now: number): void {
    for (const key of this.failures.keys()) {
      if (this.recent(key, now).length === 0) this.failures.delete(key);
    }
  }
}
