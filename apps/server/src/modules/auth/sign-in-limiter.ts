import { setTimeout as sleep } from 'node:timers/promises';
import type { SignInLimits } from '../../config';
import { AttemptLimiter } from '../../http/attempt-limiter';

/**
 * Counts failed sign-ins in a sliding window (see AttemptLimiter and SignInLimits). A guesser is
 * refused per (account, IP) and per IP; an account under attack from many IPs is slowed down for
 * everyone, never locked, so its owner still signs in from a new IP (after the delay). The account
 * key comes from the typed username, so unknown and known usernames behave the same.
 * Successful sign-ins consume nothing.
 */
export class SignInLimiter {
  private readonly failures: AttemptLimiter;

  constructor(private readonly limits: SignInLimits) {
    this.failures = new AttemptLimiter(limits.windowSeconds, 'Too many failed sign-in attempts.');
  }

  /** Throws 429 when the IP or this (account, IP) pair has used up its failures; else waits the account's backoff. */
  async admit(accountKey: string | null, ip: string): Promise<void> {
    this.failures.assertAllowed(this.lockingChecks(accountKey, ip));
    const delay = accountKey ? this.backoffMs(accountKey) : 0;
    // A timer, not a busy wait: other requests keep being served meanwhile.
    if (delay > 0) await sleep(delay);
  }

  recordFailure(accountKey: string | null, ip: string): void {
    const keys = this.lockingChecks(accountKey, ip).map(([key]) => key);
    if (accountKey) keys.push(accountOnly(accountKey));
    this.failures.record(keys);
  }

  /** Milliseconds an attempt on this account waits, from its failures from every IP. */
  backoffMs(accountKey: string): number {
    const { backoffAfter, backoffStepMs, maxBackoffMs } = this.limits;
    const beyond = this.failures.count(accountOnly(accountKey)) - backoffAfter + 1;
    return beyond > 0 ? Math.min(maxBackoffMs, beyond * backoffStepMs) : 0;
  }

  private lockingChecks(accountKey: string | null, ip: string): [string, number][] {
    const checks: [string, number][] = [[`ip:${ip}`, this.limits.perIp]];
    if (accountKey) checks.push([`account-ip:${accountKey}\n${ip}`, this.limits.perAccountAndIp]);
    return checks;
  }
}

const accountOnly = (accountKey: string) => `account:${accountKey}`;
