import type { NotificationSettings } from '@patio/core';
import type { RequestContext } from '../../http/context';
import { findSettings, saveSettings } from './settings.queries';

/** The person's notification settings, the defaults where they never chose. */
export async function readNotificationSettings(ctx: RequestContext, personId: number): Promise<NotificationSettings> {
  return findSettings(ctx.db, ctx.org.id, personId);
}

/** Replaces the person's settings with the whole, validated object; answers them as stored. */
export async function updateNotificationSettings(ctx: RequestContext, personId: number, settings: NotificationSettings): Promise<NotificationSettings> {
  await saveSettings(ctx.db, ctx.org.id, personId, settings);
  return findSettings(ctx.db, ctx.org.id, personId);
}
