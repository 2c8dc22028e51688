import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings, ZNotificationSettings } from '@patio/core';
import type { Database } from '../../db/database';
import { scopedToOrg } from '../../db/scope';

/** Stored settings read back; a row written by an older version falls back to the defaults key by key. */
export function parseStoredSettings(json: string | null | undefined): NotificationSettings {
  if (!json) return DEFAULT_NOTIFICATION_SETTINGS;
  try {
    const parsed = ZNotificationSettings.safeParse({ ...DEFAULT_NOTIFICATION_SETTINGS, ...JSON.parse(json) });
    return parsed.success ? parsed.data : DEFAULT_NOTIFICATION_SETTINGS;
  } catch {
    return DEFAULT_NOTIFICATION_SETTINGS;
  }
}

export async function findSettings(db: Database, orgId: number, personId: number): Promise<NotificationSettings> {
  const row = await db
    .selectFrom('notification_settings')
    .select('settings')
    .where(scopedToOrg(orgId))
    .where('person_id', '=', personId)
    .executeTakeFirst();
  return parseStoredSettings(row?.settings);
}

export async function saveSettings(db: Database, orgId: number, personId: number, settings: NotificationSettings): Promise<void> {
  const now = new Date().toISOString();
  const json = JSON.stringify(settings);
  await db
    .insertInto('notification_settings')
    .values({ org_id: orgId, person_id: personId, settings: json, updated_at: now })
    .onConflict((oc) => oc.columns(['org_id', 'person_id']).doUpdateSet({ settings: json, updated_at: now }))
    .execute();
}
