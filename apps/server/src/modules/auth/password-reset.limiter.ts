import type { AppServices } from '../../http/context';
import type { RateLimit } from '../../http/rate-limits';

/** Reset requests allowed per hour: per client IP (a school's shared network may send many) and per typed login. */
export const PASSWORD_RESET_LIMITS = { perIp: 30, perAccount: 3, windowSeconds: 3600 };

/**
 * Counts every request of POST password-resets, before any work, under the client IP and under the
 * typed login (lowercased), so unknown and known accounts are limited alike and a mailbox cannot be
 * flooded. 429 with Retry-After once either is used up.
 */
export class PasswordResetLimiter {
  private readonly perIp: RateLimit;
  private readonly perAccount: RateLimit;

  constructor(services: Pick<AppServices, 'rateLimits'>) {
    const { perIp, perAccount, windowSeconds } = PASSWORD_RESET_LIMITS;
    const message = 'Too many password reset requests.';
    this.perIp = services.rateLimits('password-reset:ip', perIp, windowSeconds, message);
    this.perAccount = services.rateLimits('password-reset:account', perAccount, windowSeconds, message);
  }

  async count(orgId: number, login: string, ip: string): Promise<void> {
    const account = `${orgId}:${login.toLowerCase()}`;
    // A request refused under one key takes nothing from the other; `take` then catches parallel
    // requests that all found room.
    await this.perIp.assertRoom(ip);
    await this.perAccount.assertRoom(account);
    await this.perIp.take(ip);
    await this.perAccount.take(account);
  }
}

// One per app (each test app its own): the limiter lives as long as the app's services.
const limiters = new WeakMap<Pick<AppServices, 'rateLimits'>, PasswordResetLimiter>();

/** The password-reset limiter of the app whose services these are. */
export function passwordResetLimiterOf(services: Pick<AppServices, 'rateLimits'>): PasswordResetLimiter {
  let limiter = limiters.get(services);
  if (!limiter) limiters.set(services, (limiter = new PasswordResetLimiter(services)));
  return limiter;
}
