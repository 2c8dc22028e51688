import { setTimeout as sleep } from 'node:timers/promises';
import type { SignInLimits } from '../../config';
import type { RateLimit, RateLimits } from '../../http/rate-limits';

/**
 * Counts failed sign-ins per window (see SignInLimits; http/rate-limits.ts shares the counts between
 * processes). A guesser is refused per (account, IP) and per IP; an account under attack from many
 * IPs is slowed down for everyone, never locked, so its owner still signs in from a new IP (after the
 * delay). The account key comes from the typed username, so unknown and known usernames behave the
 * same. Successful sign-ins consume nothing.
 */
export class SignInLimiter {
  private readonly perIp: RateLimit;
  private readonly perAccountAndIp: RateLimit;
  /** Failures of an account from every IP: never refuses, only feeds the backoff. */
  private readonly perAccount: RateLimit;

  constructor(
    private readonly limits: SignInLimits,
    rateLimits: RateLimits,
  ) {
    const message = 'Too many failed sign-in attempts.';
    this.perIp = rateLimits('sign-in:ip', limits.perIp, limits.windowSeconds, message);
    this.perAccountAndIp = rateLimits('sign-in:account-ip', limits.perAccountAndIp, limits.windowSeconds, message);
    this.perAccount = rateLimits('sign-in:account', Number.MAX_SAFE_INTEGER, limits.windowSeconds, message);
  }

  /** Throws 429 when the IP or this (account, IP) pair has used up its failures; else waits the account's backoff. */
  async admit(accountKey: string | null, ip: string): Promise<void> {
    await this.perIp.assertRoom(ip);
    if (accountKey) await this.perAccountAndIp.assertRoom(`${accountKey}\n${ip}`);
    const delay = accountKey ? await this.backoffMs(accountKey) : 0;
    // A timer, not a busy wait: other requests keep being served meanwhile.
    if (delay > 0) await sleep(delay);
  }

  async recordFailure(accountKey: string | null, ip: string): Promise<void> {
    await this.perIp.record(ip);
    if (!accountKey) return;
    await this.perAccountAndIp.record(`${accountKey}\n${ip}`);
    await this.perAccount.record(accountKey);
  }

  /** Milliseconds an attempt on this account waits, from its failures from every IP. */
  async backoffMs(accountKey: string): Promise<number> {
    const { backoffAfter, backoffStepMs, maxBackoffMs } = this.limits;
    const beyond = (await this.perAccount.used(accountKey)) - backoffAfter + 1;
    return beyond > 0 ? Math.min(maxBackoffMs, beyond * backoffStepMs) : 0;
  }
}
