import type { RegistrationLimits } from '../../config';
import { AttemptLimiter } from '../../http/attempt-limiter';

/**
 * Limits the public registration endpoints per client IP: registrations (each may create an account
 * and sends a mail) and failed email verifications. 429 with Retry-After once used up.
 */
export class RegistrationLimiter {
  private readonly registrations: AttemptLimiter;
  private readonly failedVerifications: AttemptLimiter;

  constructor(private readonly limits: RegistrationLimits) {
    this.registrations = new AttemptLimiter(limits.registrationWindowSeconds, 'Too many registrations from this network.');
    this.failedVerifications = new AttemptLimiter(limits.verifyWindowSeconds, 'Too many invalid verification links.');
  }

  /**
   * Counts a registration attempt from `ip` before any work, or throws 429. Every attempt counts,
   * refused forms too (issue 6 item 4): otherwise the form could be probed without limit.
   */
  countRegistration(ip: string): void {
    const key = `ip:${ip}`;
    this.registrations.assertAllowed([[key, this.limits.registrationsPerIp]]);
    this.registrations.record([key]);
  }

  /** Throws 429 when `ip` has sent too many invalid verification tokens. */
  assertVerifyAllowed(ip: string): void {
    this.failedVerifications.assertAllowed([[`ip:${ip}`, this.limits.verifyFailuresPerIp]]);
  }

  recordVerifyFailure(ip: string): void {
    this.failedVerifications.record([`ip:${ip}`]);
  }
}
