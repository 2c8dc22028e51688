import type { AppConfig } from '../../config';
import { AttemptLimiter } from '../../http/attempt-limiter';

/**
 * Webhook notifications allowed per client IP. A gateway sends a few per payment, so a busy month-end
 * stays far below `perMinute`; a sender whose notifications keep being refused (a bad signature, a
 * reference that is no payment) is a prober or a misconfigured gateway, and is stopped much sooner.
 */
export const WEBHOOK_LIMITS = { perMinute: 300, refusedPerTenMinutes: 20 };

/**
 * Counts every request of POST billing/providers/{provider}/webhook before its body is read, and the
 * refused ones again, both by client IP (the same limiter serves every school: a prober of one school
 * is a prober of all). 429 with Retry-After once either is used up.
 */
export class WebhookLimiter {
  private readonly requests = new AttemptLimiter(60, 'Too many payment notifications from this address.');
  private readonly refusals = new AttemptLimiter(600, 'Too many refused payment notifications from this address.');

  /** Throws 429 when `ip` has used up either limit; otherwise counts this request. */
  admit(ip: string): void {
    this.refusals.assertAllowed([[ip, WEBHOOK_LIMITS.refusedPerTenMinutes]]);
    this.requests.assertAllowed([[ip, WEBHOOK_LIMITS.perMinute]]);
    this.requests.record([ip]);
  }

  /** A notification from `ip` was refused. */
  refused(ip: string): void {
    this.refusals.record([ip]);
  }
}

// One per app (each test app its own), like the other limiters: it lives as long as its config.
const limiters = new WeakMap<AppConfig, WebhookLimiter>();

/** The webhook limiter of the app that `config` configures. */
export function webhookLimiterOf(config: AppConfig): WebhookLimiter {
  let limiter = limiters.get(config);
  if (!limiter) limiters.set(config, (limiter = new WebhookLimiter()));
  return limiter;
}
