import { channelOnFor, NOTIFICATION_CHANNELS, ZTimeOfDay, type NotificationChannel, type NotificationSettings } from '@patio/core/schemas/notifications';
import type { PostTypeKey } from '@patio/core/schemas/posts';

/** Turns a channel on or off for every kind of post (the per-type exceptions stay). */
export function withChannel(settings: NotificationSettings, channel: NotificationChannel, on: boolean): NotificationSettings {
  return { ...settings, channels: { ...settings.channels, [channel]: on } };
}

/**
 * Sets a channel for one kind of post. Only differences from the general switches are kept, so a
 * type set back to the general value follows it again when the general switch later changes.
 */
export function withTypeChannel(settings: NotificationSettings, type: PostTypeKey, channel: NotificationChannel, on: boolean): NotificationSettings {
  const { [channel]: _dropped, ...others } = settings.types[type] ?? {};
  const override = on === settings.channels[channel] ? others : { ...others, [channel]: on };
  const { [type]: _old, ...types } = settings.types;
  return { ...settings, types: Object.keys(override).length > 0 ? { ...types, [type]: override } : types };
}

/** The channels where a kind of post does not follow the general switches. */
export function differingChannels(settings: NotificationSettings, type: PostTypeKey): NotificationChannel[] {
  return NOTIFICATION_CHANNELS.filter((channel) => channelOnFor(settings, type, channel) !== settings.channels[channel]);
}

export type TimeProblem = 'missing' | 'same';

/** What is wrong with the quiet hours as typed, if anything (the server takes only complete, distinct times). */
export function quietHoursProblem(quietHours: NotificationSettings['quietHours']): { start?: TimeProblem; end?: TimeProblem } {
  if (!quietHours) return {};
  const start = ZTimeOfDay.safeParse(quietHours.start).success ? undefined : 'missing';
  const end = ZTimeOfDay.safeParse(quietHours.end).success ? undefined : 'missing';
  if (!start && !end && quietHours.start === quietHours.end) return { end: 'same' };
  return { start, end };
}

/** Whether the settings can be sent as they are. */
export function isSavable(settings: NotificationSettings): boolean {
  const problems = quietHoursProblem(settings.quietHours);
  return !problems.start && !problems.end && ZTimeOfDay.safeParse(settings.digestTime).success;
}

/** Quiet hours when first switched on: the night. */
export const DEFAULT_QUIET_HOURS = { start: '21:00', end: '06:00' } as const;
