import type { PushMessage } from '@patio/core';
import { collapseIdFor } from './collapse-key';
import { createFcmAccessTokens, FcmAuthError } from './fcm-token';
import { DEFAULT_TTL_SECONDS, failed, pushJsonOf, PUSH_TIMEOUT_MS, type PushOptions, type PushOutcome } from './push';
import type { FcmSettings } from './push-settings';

// FCM HTTP v1 (messages:send) for the Android app, and for the iOS app when it registers with FCM.

interface FcmErrorBody {
  error?: {
    status?: string;
    message?: string;
    details?: { errorCode?: string; fieldViolations?: { field?: string }[] }[];
  };
}

export interface FcmSender {
  send(token: string, message: PushMessage, options: PushOptions): Promise<PushOutcome>;
}

/** The v1 message: a visible notification plus the PushMessage as string data (FCM data values are strings). */
export function fcmMessageFor(token: string, message: PushMessage, options: PushOptions) {
  const collapseId = collapseIdFor(options.idempotencyKey);
  const { title, body, payload, post, url } = pushJsonOf(message);
  const ttl = options.ttlSeconds ?? DEFAULT_TTL_SECONDS;
  return {
    message: {
      token,
      notification: { title, body },
      data: {
        payload,
        ...(post ? { postId: String(post.id), threadId: String(post.thread) } : {}),
        ...(url ? { url } : {}),
        message: JSON.stringify(pushJsonOf(message)),
      },
      android: { collapse_key: collapseId, priority: options.urgent ? 'HIGH' : 'NORMAL', ttl: `${ttl}s` },
      apns: { headers: { 'apns-collapse-id': collapseId, 'apns-priority': options.urgent ? '10' : '5' } },
    },
  };
}

/** FCM's verdict on one token, from its status and error body (firebase.google.com/docs/cloud-messaging/manage-tokens). */
export function fcmOutcome(status: number, body: FcmErrorBody): PushOutcome {
  const error = body.error ?? {};
  const codes = (error.details ?? []).map((detail) => detail.errorCode).filter(Boolean);
  const onToken = (error.details ?? []).some((detail) => detail.fieldViolations?.some((violation) => violation.field === 'message.token'));
  const reason = `fcm_${codes[0] ?? error.status ?? status}`.toLowerCase();
  if (status === 404 || codes.includes('UNREGISTERED')) return failed(reason, { gone: true });
  // The token was made for another Firebase project: it will never work with ours.
  if (codes.includes('SENDER_ID_MISMATCH')) return failed(reason, { gone: true });
  if (status === 400 && (onToken || /registration token/i.test(error.message ?? ''))) return failed('fcm_invalid_token', { gone: true });
  if (status >= 200 && status < 300) return { ok: true };
  return failed(reason, { retry: status === 429 || status >= 500 });
}

export function createFcmSender(settings: FcmSettings, timeoutMs = PUSH_TIMEOUT_MS): FcmSender {
  const tokens = createFcmAccessTokens(settings, timeoutMs);
  const url = `${settings.endpoint}/v1/projects/${encodeURIComponent(settings.projectId)}/messages:send`;
  return {
    async send(token, message, options) {
      if (!/^\S{1,4096}$/.test(token)) return failed('fcm_invalid_token', { gone: true });
      let accessToken: string;
      try {
        accessToken = await tokens.get();
      } catch (err) {
        return err instanceof FcmAuthError ? failed(err.message, { retry: err.retry }) : failed('fcm_token_failed', { retry: true });
      }
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
          body: JSON.stringify(fcmMessageFor(token, message, options)),
          redirect: 'error',
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (err) {
        return failed(err instanceof Error && err.name === 'TimeoutError' ? 'fcm_timeout' : 'fcm_unreachable', { retry: true });
      }
      const body = (await response.json().catch(() => ({}))) as FcmErrorBody;
      if (response.status === 401 && !JSON.stringify(body).includes('THIRD_PARTY_AUTH_ERROR')) {
        // The access token was revoked or expired early: the next attempt fetches a new one.
        tokens.invalidate();
        return failed('fcm_unauthenticated', { retry: true });
      }
      return fcmOutcome(response.status, body);
    },
  };
}
