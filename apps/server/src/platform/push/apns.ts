import http2, { type ClientHttp2Session } from 'node:http2';
import type { PushMessage } from '@patio/core';
import { createApnsProviderTokens } from './apns-token';
import { collapseIdFor } from './collapse-key';
import { DEFAULT_TTL_SECONDS, failed, pushJsonOf, PUSH_TIMEOUT_MS, type PushOptions, type PushOutcome } from './push';
import type { ApnsSettings } from './push-settings';

// APNs over HTTP/2 with a provider token (developer.apple.com, "Sending notification requests to
// APNs"). One connection serves every request; it is opened again after it closes. An http:// host
// speaks HTTP/2 without TLS, which only a test server does.

const IDLE_CLOSE_MS = 60_000;

class ApnsTimeout extends Error {}

export interface ApnsSender {
  send(token: string, message: PushMessage, options: PushOptions): Promise<PushOutcome>;
  /** Closes the connection (shutdown, tests). */
  close(): void;
}

/** APNs' verdict on one device token, from the status and the `reason` of its error body. */
export function apnsOutcome(status: number, reason: string | undefined): PushOutcome {
  if (status === 200) return { ok: true };
  const why = `apns_${reason ?? status}`;
  if (status === 410 || reason === 'Unregistered' || reason === 'BadDeviceToken') return failed(why, { gone: true });
  return failed(why, { retry: status === 429 || status >= 500 || reason === 'ExpiredProviderToken' });
}

export function createApnsSender(settings: ApnsSettings, timeoutMs = PUSH_TIMEOUT_MS): ApnsSender {
  const tokens = createApnsProviderTokens(settings);
  let session: ClientHttp2Session | undefined;

  function connection(): ClientHttp2Session {
    if (session && !session.closed && !session.destroyed) return session;
    const opened = http2.connect(settings.host);
    // Errors reach the request in flight; the session is only dropped so the next send reconnects.
    opened.on('error', () => undefined);
    opened.on('close', () => {
      if (session === opened) session = undefined;
    });
    opened.on('goaway', () => {
      if (session === opened) session = undefined;
    });
    opened.setTimeout(IDLE_CLOSE_MS, () => opened.close());
    // An idle connection must not keep a finished process (a test, a worker shutting down) alive.
    opened.unref();
    session = opened;
    return opened;
  }

  async function post(token: string, headers: Record<string, string>, body: string): Promise<{ status: number; reason?: string }> {
    const client = connection();
    return new Promise((resolve, reject) => {
      const request = client.request({ ':method': 'POST', ':path': `/3/device/${token}`, ...headers });
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        request.close(http2.constants.NGHTTP2_CANCEL);
      }, timeoutMs);
      let status = 0;
      const chunks: Buffer[] = [];
      request.on('response', (responseHeaders) => {
        status = Number(responseHeaders[':status']);
      });
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        clearTimeout(timer);
        let reason: string | undefined;
        try {
          reason = (JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { reason?: string }).reason;
        } catch {
          reason = undefined;
        }
        resolve({ status, reason });
      });
      request.on('close', () => {
        clearTimeout(timer);
        if (!status) reject(timedOut ? new ApnsTimeout() : new Error('APNs request closed without an answer'));
      });
      request.on('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
      request.end(body);
    });
  }

  return {
    async send(token, message, options) {
      // The token goes into the request path: anything but a hex device token is no device.
      if (!/^(?:[0-9a-f]{2}){32,100}$/i.test(token)) return failed('apns_invalid_token', { gone: true });
      const { title, body, ...rest } = pushJsonOf(message);
      const ttl = options.ttlSeconds ?? DEFAULT_TTL_SECONDS;
      let providerToken: string;
      try {
        providerToken = await tokens.get();
      } catch {
        return failed('apns_key_invalid');
      }
      const headers = {
        authorization: `bearer ${providerToken}`,
        'apns-topic': settings.topic,
        'apns-push-type': 'alert',
        'apns-collapse-id': collapseIdFor(options.idempotencyKey),
        'apns-priority': options.urgent ? '10' : '5',
        'apns-expiration': String(Math.floor(Date.now() / 1000) + ttl),
        'content-type': 'application/json',
      };
      const json = JSON.stringify({ aps: { alert: { title, body }, sound: 'default' }, ...rest });
      let answer: { status: number; reason?: string };
      try {
        answer = await post(token, headers, json);
      } catch (err) {
        if (err instanceof ApnsTimeout) return failed('apns_timeout', { retry: true });
        // The kept connection may have died unnoticed (APNs closes idle ones): once more on a new one.
        // Were the first copy delivered after all, the collapse id makes the second replace it.
        session?.destroy();
        session = undefined;
        try {
          answer = await post(token, headers, json);
        } catch {
          return failed('apns_unreachable', { retry: true });
        }
      }
      if (answer.reason === 'ExpiredProviderToken') tokens.invalidate();
      return apnsOutcome(answer.status, answer.reason);
    },
    close() {
      session?.close();
      session = undefined;
    },
  };
}
