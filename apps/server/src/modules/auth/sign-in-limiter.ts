import type { SignInLimits } from '../../config';
import { AttemptLimiter } from '../../http/attempt-limiter';

/**
 * Counts failed sign-ins per account and per client IP in a sliding window (see AttemptLimiter).
 * Successful sign-ins consume nothing.
 */
export class SignInLimiter {
  private readonly failures: AttemptLimiter;

  constructor(private readonly limits: SignInLimits) {
    this.failures = new AttemptLimiter(limits.windowSeconds, 'Too many failed sign-in attempts.');
  }

  /** Throws 429 when the account or the IP has used up its failures. */
  assertAllowed(accountKey: string | null, ip: string): void {
    this.failures.assertAllowed(this.checks(accountKey, ip));
  }

  recordFailure(accountKey: string | null, ip: string): void {
    this.failures.record(this.checks(accountKey, ip).map(([key]) => key));
  }

  private checks(accountKey: string | null, ip: string): [string, number][] {
    const checks: [string, number][] = [[`ip:${ip}`, this.limits.perIp]];
    if (accountKey) checks.push([`account:${accountKey}`, this.limits.perAccount]);
    return checks;
  }
}
