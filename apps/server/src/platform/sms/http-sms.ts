import { SmsError, type SmsSender, type SmsSettings } from './sms';

export const SMS_TIMEOUT_MS = 10_000;

/**
 * POSTs `{to, text, idempotencyKey}` as JSON to the gateway, with the key also in an Idempotency-Key
 * header: a job that crashed after the gateway accepted its message sends it again with the same key.
 */
export function createHttpSmsSender(settings: SmsSettings, timeoutMs = SMS_TIMEOUT_MS): SmsSender {
  return {
    async send(to, text, { idempotencyKey }) {
      const headers: Record<string, string> = { 'content-type': 'application/json', 'idempotency-key': idempotencyKey };
      if (settings.token) headers.authorization = `Bearer ${settings.token}`;
      let response: Response;
      try {
        response = await fetch(settings.url, {
          method: 'POST',
          headers,
          body: JSON.stringify({ to, text, idempotencyKey }),
          redirect: 'error',
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (err) {
        const why = err instanceof Error && err.name === 'TimeoutError' ? 'did not answer in time' : 'could not be reached';
        throw new SmsError(`SMS gateway ${why}`, true);
      }
      // Only the status matters; reading the body lets the connection be reused.
      await response.arrayBuffer().catch(() => undefined);
      if (response.ok) return;
      // A 4xx (bad number, bad credentials, refused text) fails the same way on every retry.
      const retry = response.status >= 500 || response.status === 429 || response.status === 408;
      throw new SmsError(`SMS gateway answered ${response.status}`, retry);
    },
  };
}
