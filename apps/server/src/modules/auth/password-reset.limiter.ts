import type { AppServices } from '../../http/context';
import type { RateLimit } from '../../http/rate-limits';

/** Reset requests allowed per hour: per client IP (a school's shared network may send many) and per typed login. */
export const PASSWORD_RESET_LIMITS = { perIp: 30, perAccount: 3, windowSeconds: 3600 };

export interface MailedLinkLimits {
  perIp: number;
  perAccount: number;
  windowSeconds: number;
}

/**
 * Counts every request for a mailed link (a password reset, a sign-in link), before any work, under
 * the client IP and under the typed login (lowercased), so unknown and known accounts are limited
 * alike and a mailbox cannot be flooded. 429 with Retry-After once either is used up.
 */
export class MailedLinkLimiter {
  private readonly perIp: RateLimit;
  private readonly perAccount: RateLimit;

  constructor(services: Pick<AppServices, 'rateLimits'>, name: string, limits: MailedLinkLimits, message: string) {
    const { perIp, perAccount, windowSeconds } = limits;
    this.perIp = services.rateLimits(`${name}:ip`, perIp, windowSeconds, message);
    this.perAccount = services.rateLimits(`${name}:account`, perAccount, windowSeconds, message);
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

/** One limiter per app and name (each test app its own): it lives as long as the app's services. */
export function mailedLinkLimiterOf(
  services: Pick<AppServices, 'rateLimits'>,
  name: string,
  limits: MailedLinkLimits,
  message: string,
): MailedLinkLimiter {
  let byName = limiters.get(services);
  if (!byName) limiters.set(services, (byName = new Map()));
  let limiter = byName.get(name);
  if (!limiter) byName.set(name, (limiter = new MailedLinkLimiter(services, name, limits, message)));
  return limiter;
}

const limiters = new WeakMap<Pick<AppServices, 'rateLimits'>, Map<string, MailedLinkLimiter>>();

/** The password-reset limiter of the app whose services these are. */
export function passwordResetLimiterOf(services: Pick<AppServices, 'rateLimits'>): MailedLinkLimiter {
  return mailedLinkLimiterOf(services, 'password-reset', PASSWORD_RESET_LIMITS, 'Too many password reset requests.');
}
