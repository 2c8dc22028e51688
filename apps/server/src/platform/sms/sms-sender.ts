import type { AppConfig } from '../../config';
import { countDelivery } from '../metrics/counters';
import { createHttpSmsSender } from './http-sms';
import { createLogSmsSender } from './log-sms';
import type { SmsLog, SmsSender } from './sms';

export { SmsError, type SmsLog, type SmsOptions, type SmsSender, type SmsSettings } from './sms';

const senders = new WeakMap<AppConfig, SmsSender>();

/** The app's SMS sender: the HTTP gateway when SMS_HTTP_URL is set, else the log (one per config, so each test app gets its own). */
export function smsSenderFor(config: AppConfig, log: SmsLog): SmsSender {
  let sender = senders.get(config);
  if (!sender) {
    const send = (config.sms ? createHttpSmsSender(config.sms) : createLogSmsSender(log)).send;
    // Each outcome counted for GET /metrics.
    sender = {
      send: (to, text, options) =>
        send(to, text, options).then(
          () => countDelivery(config, 'sms', true),
          (err: unknown) => {
            countDelivery(config, 'sms', false);
            throw err;
          },
        ),
    };
    senders.set(config, sender);
  }
  return sender;
}
