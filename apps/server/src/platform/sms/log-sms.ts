import type { SmsLog, SmsSender } from './sms';

/**
 * Development default: says that a message would have gone out, with its length but never its text
 * (texts carry sign-in links and codes, and logs are kept and shared).
 */
export function createLogSmsSender(log: SmsLog): SmsSender {
  return {
    async send(to, text, options) {
      log.info({ to, length: text.length, idempotencyKey: options.idempotencyKey }, 'sms not sent: no SMS_HTTP_URL configured');
    },
  };
}
