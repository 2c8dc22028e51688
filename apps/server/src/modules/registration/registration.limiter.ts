import type { RegistrationLimits } from '../../config';
import type { RateLimit, RateLimits } from '../../http/rate-limits';

/**
 * Limits the public registration endpoints per client IP: registrations (each may create an account
 * and sends a mail) and failed email verifications. 429 with Retry-After once used up.
 */
export class RegistrationLimiter {
  private readonly registrations: RateLimit;
  private readonly failedVerifications: RateLimit;

  constructor(limits: RegistrationLimits, rateLimits: RateLimits) {
    this.registrations = rateLimits('registrations', limits.registrationsPerIp, limits.registrationWindowSeconds, 'Too many registrations from this network.');
    this.failedVerifications = rateLimits('registration-verify-failures', limits.verifyFailuresPerIp, limits.verifyWindowSeconds, 'Too many invalid verification links.');
  }

  /**
   * Counts a registration attempt from `ip` before any work, or throws 429. Every attempt counts,
   * refused forms too (issue 6 item 4): otherwise the form could be probed without limit.
   */
  async countRegistration(ip: string): Promise<void> {
    await this.registrations.take(`ip:${ip}`);
  }

  /** Throws 429 when `ip` has sent too many invalid verification tokens. */
  async assertVerifyAllowed(ip: string): Promise<void> {
    await this.failedVerifications.assertRoom(`ip:${ip}`);
  }

  async recordVerifyFailure(ip: string): Promise<void> {
    await this.failedVerifications.record(`ip:${ip}`);
  }
}
