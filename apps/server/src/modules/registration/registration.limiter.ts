import type { RegistrationLimits } from '../../config';
import { AttemptLimiter } from '../../http/attempt-limiter';

/**
 * Limits the public registration endpoints per client IP: registrations (each creates accounts and
 * sends a mail) and failed email verifications. 429 with Retry-After once used up.
 */
export class RegistrationLimiter {
  private readonly registrations: AttemptLimiter;
  private readonly failedVerifications: AttemptLimiter;

  constructor(private readonly limits: RegistrationLimits) {
    this.registrations = new AttemptLimiter(limits.registrationWindowSeconds, 'Too many registrations from this network.');
    this.failedVerifications = new AttemptLimiter(limits.verifyWindowSeconds, 'Too many invalid verification links.');
  }

  /**
   * Counts a registration from `ip` before any work (so parallel requests cannot slip past the
   * limit) or throws 429. Call the answer to take it back when no account was created.
   */
  reserveRegistration(ip: string): () => void {
    const keys = [`ip:${ip}`];
    this.registrations.assertAllowed([[keys[0], this.limits.registrationsPerIp]]);
    const stamp = this.registrations.record(keys);
    return () => this.registrations.forget(keys, stamp);
  }

  /** Throws 429 when `ip` has sent too many invalid verification tokens. */
  assertVerifyAllowed(ip: string): void {
    this.failedVerifications.assertAllowed([[`ip:${ip}`, this.limits.verifyFailuresPerIp]]);
  }

  recordVerifyFailure(ip: string): void {
    this.failedVerifications.record([`ip:${ip}`]);
  }
}
