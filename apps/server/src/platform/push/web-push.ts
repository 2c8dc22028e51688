import http from 'node:http';
import https from 'node:https';
import type { PushMessage } from '@patio/core';
import webPush, { type RequestDetails } from 'web-push';
import { topicFor } from './collapse-key';
import { createEndpointAgents, endpointUrlOf, isAddressRefusal } from './endpoint-guard';
import { DEFAULT_TTL_SECONDS, failed, pushJsonOf, outcomeOfStatus, PUSH_TIMEOUT_MS, type PushOptions, type PushOutcome } from './push';
import type { VapidSettings } from './push-settings';

// Web Push (RFC 8030) with an aes128gcm-encrypted payload (RFC 8291) and VAPID (RFC 8292). web-push
// builds the request; the server sends it itself, through the endpoint guard, because web-push's
// own sender speaks https only and follows no address rules.

interface Subscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** The browser's PushSubscription JSON, or null when it cannot be one (the device is then gone for good). */
export function parseSubscription(token: string): Subscription | null {
  let value: unknown;
  try {
    value = JSON.parse(token);
  } catch {
    return null;
  }
  const { endpoint, keys } = (value ?? {}) as { endpoint?: unknown; keys?: { p256dh?: unknown; auth?: unknown } };
  if (typeof endpoint !== 'string' || typeof keys?.p256dh !== 'string' || typeof keys.auth !== 'string') return null;
  const p256dh = decoded(keys.p256dh);
  // An uncompressed P-256 point and a 16-byte authentication secret (RFC 8291 §3).
  if (p256dh?.length !== 65 || p256dh[0] !== 4 || decoded(keys.auth)?.length !== 16) return null;
  return { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } };
}

function decoded(text: string): Buffer | null {
  return /^[A-Za-z0-9_\-+/]+={0,2}$/.test(text) ? Buffer.from(text, 'base64url') : null;
}

export interface WebPushSenderOptions {
  vapid: () => VapidSettings;
  allowInsecureEndpoints: boolean;
  timeoutMs?: number;
}

export interface WebPushSender {
  send(token: string, message: PushMessage, options: PushOptions): Promise<PushOutcome>;
}

/** How long a VAPID signature is good for (RFC 8292 allows up to 24 h) and how much of that it is reused. */
const VAPID_LIFETIME_S = 12 * 3600;
const VAPID_REUSE_MS = 11 * 3600_000;

/**
 * The VAPID Authorization header for one push service (audience = its origin), signed once and reused
 * until an hour before it expires: an ES256 signature per push was a fifth of a fan-out's CPU.
 */
function vapidHeaderCache() {
  const cache = new Map<string, { header: string; until: number }>();
  return (audience: string, vapid: VapidSettings): string => {
    const key = `${audience} ${vapid.publicKey} ${vapid.subject}`;
    const now = Date.now();
    const hit = cache.get(key);
    if (hit && hit.until > now) return hit.header;
    const expiration = Math.floor(now / 1000) + VAPID_LIFETIME_S;
    const header = webPush.getVapidHeaders(audience, vapid.subject, vapid.publicKey, vapid.privateKey, 'aes128gcm', expiration).Authorization;
    if (cache.size > 1000) cache.clear();
    cache.set(key, { header, until: now + VAPID_REUSE_MS });
    return header;
  };
}

export function createWebPushSender(settings: WebPushSenderOptions): WebPushSender {
  const agents = createEndpointAgents(settings.allowInsecureEndpoints);
  const vapidHeader = vapidHeaderCache();
  return {
    async send(token, message, options) {
      const subscription = parseSubscription(token);
      if (!subscription) return failed('invalid_subscription', { gone: true });
      const url = endpointUrlOf(subscription.endpoint, settings.allowInsecureEndpoints);
      if (!url) return failed('endpoint_not_allowed', { gone: true });
      let vapid: VapidSettings;
      try {
        vapid = settings.vapid();
      } catch {
        // DATA_DIR/keys unreadable or unwritable: the operator can fix it, the subscription is fine.
        return failed('vapid_keys_unavailable', { retry: true });
      }
      let request: RequestDetails;
      try {
        const json = JSON.stringify(pushJsonOf(message));
        request = webPush.generateRequestDetails(subscription, json, {
          headers: { Authorization: vapidHeader(url.origin, vapid) },
          TTL: options.ttlSeconds ?? DEFAULT_TTL_SECONDS,
          urgency: options.urgent ? 'high' : 'normal',
          topic: topicFor(options.idempotencyKey),
          contentEncoding: 'aes128gcm',
        });
      } catch {
        // The keys decoded but are no point on the curve: no browser made this subscription.
        return failed('invalid_subscription', { gone: true });
      }
      try {
        const status = await postOnce(url, request, agents.agentFor(url), settings.timeoutMs ?? PUSH_TIMEOUT_MS);
        // RFC 8030 §7.3: 404 and 410 mean the subscription expired or was removed.
        if (status === 404 || status === 410) return failed(`web_push_status_${status}`, { gone: true });
        return outcomeOfStatus(status, 'web_push');
      } catch (err) {
        if (isAddressRefusal(err)) return failed('endpoint_not_allowed', { gone: true });
        const timedOut = err instanceof Error && (err.name === 'AbortError' || err.name === 'TimeoutError');
        return failed(timedOut ? 'web_push_timeout' : 'web_push_unreachable', { retry: true });
      }
    },
  };
}

/** One POST without redirects; resolves with the status once the (small, ignored) body was read. */
function postOnce(url: URL, details: RequestDetails, agent: http.Agent, timeoutMs: number): Promise<number> {
  const request = url.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', agent, headers: details.headers, signal: AbortSignal.timeout(timeoutMs) }, (response) => {
      response.on('error', reject);
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('close', () => {
        if (!response.complete) reject(new Error('push service answer cut short'));
      });
      response.resume();
    });
    req.on('error', reject);
    req.end(details.body ?? undefined);
  });
}
