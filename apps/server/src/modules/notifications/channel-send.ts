import type { PushMessage } from '@patio/core';
import type { AppConfig } from '../../config';
import type { JobLog } from '../../platform/jobs/jobs';
import { mailerFor } from '../../platform/mail/mailer';
import { pushSenderFor } from '../../platform/push/push-sender';
import type { PushPlatform } from '../../platform/push/push-sender';
import { smsSenderFor } from '../../platform/sms/sms-sender';
import type { RenderedMail } from './notice.render';

// One delivery through its channel, with a verdict the send job acts on: sent; failed for good
// (the device is gone, an address refused); or worth trying again later.

export type SendVerdict = { sent: true } | { sent: false; gone: boolean; retry: boolean; reason: string };

export interface ChannelServices {
  config: AppConfig;
  log: JobLog;
}

/** SMTP answers 5xx for a refusal that will not change (no such mailbox); anything else may pass later. */
function mailVerdict(err: unknown): SendVerdict {
  const code = (err as { responseCode?: number }).responseCode;
  const permanent = typeof code === 'number' && code >= 500 && code < 600;
  return { sent: false, gone: false, retry: !permanent, reason: `mail: ${err instanceof Error ? err.message : String(err)}`.slice(0, 300) };
}

/**
 * Sends one notification mail. `headers` carry its List-Unsubscribe fields (unsubscribe.service.ts);
 * the Message-ID is the delivery's stable key on the school's domain, the same on every retry.
 */
export async function sendMail(services: ChannelServices, to: string, mail: RenderedMail, idempotencyKey: string, headers?: Record<string, string>): Promise<SendVerdict> {
  try {
    const mailer = mailerFor(services.config, (entry, msg) => services.log.info(entry, msg));
    await mailer.send({ to, subject: mail.subject, text: mail.text, html: mail.html, messageId: `notification.${idempotencyKey}`, headers });
    return { sent: true };
  } catch (err) {
    return mailVerdict(err);
  }
}

export async function sendSms(services: ChannelServices, to: string, text: string, idempotencyKey: string): Promise<SendVerdict> {
  try {
    await smsSenderFor(services.config, services.log).send(to, text, { idempotencyKey });
    return { sent: true };
  } catch (err) {
    const retry = (err as { retry?: boolean }).retry !== false;
    return { sent: false, gone: false, retry, reason: `sms: ${err instanceof Error ? err.message : String(err)}`.slice(0, 300) };
  }
}

export async function sendPush(
  services: ChannelServices,
  device: { platform: string; token: string },
  message: PushMessage,
  options: { idempotencyKey: string; urgent: boolean },
): Promise<SendVerdict> {
  const outcome = await pushSenderFor(services.config, services.log).send({ platform: device.platform as PushPlatform, token: device.token }, message, options);
  return outcome.ok ? { sent: true } : { sent: false, gone: outcome.gone, retry: outcome.retry, reason: `push: ${outcome.reason}` };
}
