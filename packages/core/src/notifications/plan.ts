import { channelOnFor, type NotificationChannel, type NotificationSettings } from '../schemas/notifications';
import { nextDailyTime, quietHoursEnd } from './schedule';

/** What the planner knows of one recipient. */
export interface Reachable {
  settings: NotificationSettings;
  hasEmail: boolean;
  hasMobile: boolean;
  /** Registered devices: uuid and the channel their platform maps to (ios, android or web). */
  devices: readonly { uuid: string; channel: NotificationChannel }[];
}

/** One delivery to make: `device` for push channels; `digest` waits for the daily email. */
export interface PlannedDelivery {
  channel: NotificationChannel;
  device: string | null;
  notBefore: number;
  digest: boolean;
}

/** The post types that bypass quiet hours and the digest. */
export const URGENT_POST_TYPES: readonly string[] = ['urgent_notice'];

/**
 * The deliveries of one post of `type` to one person at `now` (epoch seconds, school zone): every
 * channel they have on for that type and can be reached by (an email address, a mobile number, a
 * device), held back to the end of their quiet hours, and emails gathered into the digest when they
 * asked for one. Urgent notices go out at once and as single emails.
 */
export function planDeliveries(person: Reachable, type: string, now: number, timeZone: string): PlannedDelivery[] {
  const urgent = URGENT_POST_TYPES.includes(type);
  const quietEnd = urgent ? null : quietHoursEnd(now, person.settings.quietHours, timeZone);
  const notBefore = quietEnd ?? now;
  const on = (channel: NotificationChannel) => channelOnFor(person.settings, type, channel);
  const planned: PlannedDelivery[] = [];
  if (on('email') && person.hasEmail) {
    const digest = person.settings.digest && !urgent;
    planned.push({ channel: 'email', device: null, digest, notBefore: digest ? nextDailyTime(now, person.settings.digestTime, timeZone) : notBefore });
  }
  if (on('sms') && person.hasMobile) planned.push({ channel: 'sms', device: null, digest: false, notBefore });
  for (const device of person.devices) {
    if (on(device.channel)) planned.push({ channel: device.channel, device: device.uuid, digest: false, notBefore });
  }
  return planned;
}
