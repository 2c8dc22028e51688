import type { PushMessage } from '@patio/core';
import type { AppConfig } from '../../config';
import { countDelivery } from '../metrics/counters';
import { createApnsSender } from './apns';
import { createFcmSender } from './fcm';
import { failed, type PushLog, type PushOptions, type PushOutcome, type PushPlatform, type PushSender } from './push';
import { vapidKeysFor } from './vapid-keys';
import { createWebPushSender } from './web-push';

export type { PushLog, PushOptions, PushOutcome, PushPlatform, PushSender, PushTarget } from './push';

type ChannelSend = (token: string, message: PushMessage, options: PushOptions) => Promise<PushOutcome>;

/** Platforms already reported as unconfigured, so a fan-out to a thousand phones logs it once. */
const warnedUnconfigured = new Set<PushPlatform>();

/**
 * Sends through the service of the target's platform: Web Push for 'web', FCM for 'android', APNs or
 * FCM for 'ios' (IOS_PUSH). A platform without a configured service answers `platform_not_configured`.
 */
export function createPushSender(config: AppConfig, log: PushLog): PushSender {
  const web = createWebPushSender({ vapid: () => vapidKeysFor(config), allowInsecureEndpoints: config.pushAllowInsecureEndpoints === true });
  const fcm = config.fcm ? createFcmSender(config.fcm) : undefined;
  const apns = config.apns ? createApnsSender(config.apns) : undefined;
  const iosService = config.iosPush ?? (apns ? 'apns' : 'fcm');
  const services: Record<PushPlatform, ChannelSend | undefined> = {
    web: web.send,
    android: fcm?.send,
    ios: iosService === 'apns' ? apns?.send : fcm?.send,
  };
  return {
    async send(target, message, options) {
      if (!Object.hasOwn(services, target.platform)) return failed('unknown_platform');
      const send = services[target.platform];
      if (!send) {
        if (!warnedUnconfigured.has(target.platform)) {
          warnedUnconfigured.add(target.platform);
          log.warn({ platform: target.platform }, 'push not sent: no push service is configured for this platform (README "Configuration")');
        }
        return failed('platform_not_configured');
      }
      try {
        return await send(target.token, message, options);
      } catch (err) {
        // Each service turns delivery problems into outcomes; anything else is a fault here, worth a retry.
        log.error({ err, platform: target.platform }, 'push failed unexpectedly');
        return failed('push_failed', { retry: true });
      }
    },
  };
}

const senders = new WeakMap<AppConfig, PushSender>();

/** The app's push sender (one per config, so each test app gets its own). */
export function pushSenderFor(config: AppConfig, log: PushLog): PushSender {
  let sender = senders.get(config);
  if (!sender) {
    const send = createPushSender(config, log).send;
    sender = {
      async send(target, message, options) {
        const outcome = await send(target, message, options);
        // Each outcome counted for GET /metrics.
        countDelivery(config, 'push', outcome.ok);
        return outcome;
      },
    };
    senders.set(config, sender);
  }
  return sender;
}
