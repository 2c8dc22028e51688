import { z } from 'zod';
import { POST_TYPE_KEYS, ZPostTypeKey } from './posts';

// A person's notification settings (spec §3 Notification channels; issue "Notifications" §3) and the
// push message every channel carries (spec §3 Notification).

/** Where a notification can reach a person: email, SMS, the iOS and Android apps, and web browsers. */
export const NOTIFICATION_CHANNELS = ['email', 'sms', 'ios', 'android', 'web'] as const;
export const ZNotificationChannel = z.enum(NOTIFICATION_CHANNELS);
export type NotificationChannel = z.infer<typeof ZNotificationChannel>;

/** Channels that reach a registered device (one delivery per device). */
export const DEVICE_CHANNELS = ['ios', 'android', 'web'] as const satisfies readonly NotificationChannel[];
export type DeviceChannel = (typeof DEVICE_CHANNELS)[number];

/** A time of day in the school's time zone, 'HH:MM' on a 24-hour clock. */
export const ZTimeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'A time of day is HH:MM (00:00 to 23:59)');

export const ZChannelSwitches = z.strictObject({
  email: z.boolean(),
  sms: z.boolean(),
  ios: z.boolean(),
  android: z.boolean(),
  web: z.boolean(),
});
export type ChannelSwitches = z.infer<typeof ZChannelSwitches>;

/**
 * GET/PUT people/{id}/settings/notifications. `channels` turns a channel on or off for everything;
 * `types` turns a channel off (or back on) for one kind of post, over `channels`. During quiet hours
 * (school time zone; start may be after end, across midnight) deliveries wait until they end; with
 * `digest` on, emails are gathered into one daily email at `digestTime`. Urgent notices bypass both.
 * `guardianSummary` (off unless chosen; absent in a request: off) asks for the weekly classroom summary.
 */
export const ZNotificationSettings = z.strictObject({
  channels: ZChannelSwitches,
  types: z.partialRecord(ZPostTypeKey, ZChannelSwitches.partial()),
  quietHours: z.strictObject({ start: ZTimeOfDay, end: ZTimeOfDay }).nullable(),
  digest: z.boolean(),
  digestTime: ZTimeOfDay,
  guardianSummary: z
    .boolean()
    .default(false)
    .describe("A weekly email to a parent-like relative with their children's missing work and work due in the next 7 days (issue 35); needs the email channel on"),
});
export type NotificationSettings = z.infer<typeof ZNotificationSettings>;

/** A new person: app, web and email on, SMS off, no quiet hours, single emails (issue §2). */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  channels: { email: true, sms: false, ios: true, android: true, web: true },
  types: {},
  quietHours: null,
  digest: false,
  digestTime: '18:00',
  guardianSummary: false,
};

/** Whether `channel` is on for a post of `type` under `settings`. */
export function channelOnFor(settings: NotificationSettings, type: string, channel: NotificationChannel): boolean {
  const byType = (POST_TYPE_KEYS as readonly string[]).includes(type) ? settings.types[type as (typeof POST_TYPE_KEYS)[number]] : undefined;
  return byType?.[channel] ?? settings.channels[channel];
}

/**
 * The JSON a push carries (spec §3 Notification; issue §2): `payload` is itself a JSON string, `post`
 * names the post and its thread so that a click opens /threads/feed/{thread}. A notice that is no post
 * (the bus approaching, issue 13) names instead the app path a click opens in `url`.
 */
export const ZPushMessage = z.object({
  title: z.string(),
  body: z.string(),
  payload: z.string(),
  post: z.object({ id: z.number().int(), thread: z.number().int() }).optional(),
  url: z.string().regex(/^\/(?![/\\])/, 'A path of the app').optional(),
});
export type PushMessage = z.infer<typeof ZPushMessage>;
