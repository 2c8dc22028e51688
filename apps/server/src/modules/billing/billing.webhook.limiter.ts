import type { AppServices } from '../../http/context';
import type { RateLimit } from '../../http/rate-limits';

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
  private readonly requests: RateLimit;
  private readonly refusals: RateLimit;

  constructor(services: Pick<AppServices, 'rateLimits'>) {
    this.requests = services.rateLimits('webhook', WEBHOOK_LIMITS.perMinute, 60, 'Too many payment notifications from this address.');
    this.refusals = services.rateLimits('webhook-refused', WEBHOOK_LIMITS.refusedPerTenMinutes, 600, 'Too many refused payment notifications from this address.');
  }

  /** Throws 429 when `ip` has used up either limit; otherwise counts this request. */
  async admit(ip: string): Promise<void> {
    await this.refusals.assertRoom(ip);
    await this.requests.take(ip);
  }

  /** A notification from `ip` was refused. */
  async refused(ip: string): Promise<void> {
    await this.refusals.record(ip);
  }
}

// One per app (each test app its own), like the other limiters: it lives as long as the app's services.
const limiters = new WeakMap<Pick<AppServices, 'rateLimits'>, WebhookLimiter>();

/** The webhook limiter of the app whose services these are. */
export function webhookLimiterOf(services: Pick<AppServices, 'rateLimits'>): WebhookLimiter {
  let limiter = limiters.get(services);
  if (!limiter) limiters.set(services, (limiter = new WebhookLimiter(services)));
  return limiter;
}
