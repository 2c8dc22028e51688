import type { AppConfig } from '../../config';
import { AttemptLimiter } from '../../http/attempt-limiter';

/** Reset requests allowed per hour: per client IP (a school's shared network may send many) and per typed login. */
export const PASSWORD_RESET_LIMITS = { perIp: 30, perAccount: 3, windowSeconds: 3600 };

/**
 * Counts every request of POST password-resets, before any work, under the client IP and under the
 * typed login (lowercased), so unknown and known accounts are limited alike and a mailbox cannot be
 * flooded. 429 with Retry-After once either is used up.
 */
export class PasswordResetLimiter {
  private readonly attempts = new AttemptLimiter(PASSWORD_RESET_LIMITS.windowSeconds, 'Too many password reset requests.');

  count(orgId: number, login: string, ip: string): void {
    const keys: [string, number][] = [
      [`ip:${ip}`, PASSWORD_RESET_LIMITS.perIp],
      [`account:${orgId}:${login.toLowerCase()}`, PASSWORD_RESET_LIMITS.perAccount],
    ];
    this.attempts.assertAllowed(keys);
    this.attempts.record(keys.map(([key]) => key));
  }
}

// One per app (each test app its own), like the mailer: the limiter lives as long as its config.
const limiters = new WeakMap<AppConfig, PasswordResetLimiter>();

/** The password-reset limiter of the app that `config` configures. */
export function passwordResetLimiterOf(config: AppConfig): PasswordResetLimiter {
  let limiter = limiters.get(config);
  if (!limiter) limiters.set(config, (limiter = new PasswordResetLimiter()));
  return limiter;
}
