import type { PushMessage } from '@patio/core';

// The push platform's contract, shared by its services (push-sender.ts picks one per platform).

export type PushPlatform = 'web' | 'android' | 'ios';

/**
 * One device. `token` is, for 'web', the JSON of the browser's PushSubscription
 * ({endpoint, keys: {p256dh, auth}}); for 'android' an FCM registration token; for 'ios' an APNs
 * device token (hex), or an FCM registration token when the iOS app uses FCM.
 */
export interface PushTarget {
  platform: PushPlatform;
  token: string;
}

export interface PushOptions {
  /** The same key for a resent message, so the push service replaces it instead of showing it twice. */
  idempotencyKey: string;
  /** How long the push service keeps the message for an offline device; default 4 weeks. */
  ttlSeconds?: number;
  /** Wake the device now (urgent notices). */
  urgent?: boolean;
}

/**
 * What became of one message. `gone`: the device will never take a message again (uninstalled,
 * unsubscribed, a token or subscription that cannot be valid): forget it. `retry`: a passing problem
 * (5xx, 429, network): try again later.
 */
export type PushOutcome = { ok: true } | { ok: false; gone: boolean; retry: boolean; reason: string };

/** Sends one message to one device; a delivery problem is an outcome, never an exception. */
export interface PushSender {
  send(target: PushTarget, message: PushMessage, options: PushOptions): Promise<PushOutcome>;
}

/** The logger push writes to (pino, as the server's). */
export interface PushLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/**
 * Exactly the PushMessage fields, as every service carries them: a caller's extra properties are not
 * for the push service, and a message about no post (a personal notice) has its `url` instead.
 */
export function pushJsonOf(message: PushMessage): PushMessage {
  const { title, body, payload, post, url } = message;
  return { title, body, payload, ...(post ? { post: { id: post.id, thread: post.thread } } : {}), ...(url ? { url } : {}) };
}

export const DEFAULT_TTL_SECONDS = 4 * 7 * 24 * 3600;
export const PUSH_TIMEOUT_MS = 10_000;

export function failed(reason: string, flags: { gone?: boolean; retry?: boolean } = {}): PushOutcome {
  return { ok: false, gone: flags.gone ?? false, retry: flags.retry ?? false, reason };
}

/** The verdict every push service shares for statuses it does not explain further. */
export function outcomeOfStatus(status: number, service: string): PushOutcome {
  if (status >= 200 && status < 300) return { ok: true };
  return failed(`${service}_status_${status}`, { retry: status === 429 || status >= 500 });
}
