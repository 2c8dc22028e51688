// The SMS platform's contract, shared by its providers (sms-sender.ts picks one).

/** An HTTP SMS gateway (SMS_HTTP_URL, SMS_HTTP_TOKEN). */
export interface SmsSettings {
  url: string;
  token?: string;
}

export interface SmsOptions {
  /** The same key for a resent message, so the gateway can drop the duplicate. */
  idempotencyKey: string;
}

/** Sends one text message to one phone number. */
export interface SmsSender {
  /** Throws an SmsError (`retry` says whether a later attempt may succeed) when the message was not accepted. */
  send(to: string, text: string, options: SmsOptions): Promise<void>;
}

/** The logger a sender writes to (pino, as the server's). */
export interface SmsLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** A message the gateway did not take; `retry` is false when sending it again cannot help (4xx). */
export class SmsError extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
  ) {
    super(message);
    this.name = 'SmsError';
  }
}

/** SMS_HTTP_URL switches SMS from the log to an HTTP gateway; SMS_HTTP_TOKEN is its bearer token. */
export function parseSms(env: Record<string, string | undefined>): SmsSettings | undefined {
  const url = (env.SMS_HTTP_URL ?? '').trim();
  if (!url) return undefined;
  if (!/^https?:\/\/[^/\s]+/i.test(url)) throw new Error(`SMS_HTTP_URL must be an http(s) URL, got "${url}"`);
  return { url, token: (env.SMS_HTTP_TOKEN ?? '').trim() || undefined };
}
