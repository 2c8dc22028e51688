import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings, ZNotificationSettings } from '@patio/core';
import type { Database } from '../../db/database';
import { scopedToOrg } from '../../db/scope';
import { notAnUnapprovedRegistrant } from '../../policy/registrants.sql';

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

/**
 * The people of the school who asked for the weekly guardian summary (issue 35) and can get it: the
 * switch on, the email channel on, an email address, no registration short of approved. The JSON is
 * narrowed in SQL first, so a school with thousands of settings rows parses only those that say so.
 */
export async function findGuardianSummaryReaders(db: Database, orgId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('notification_settings')
    .innerJoin('people', (j) => j.onRef('people.id', '=', 'notification_settings.person_id').on('people.org_id', '=', orgId))
    .select(['notification_settings.person_id', 'notification_settings.settings'])
    .where('notification_settings.org_id', '=', orgId)
    .where('notification_settings.settings', 'like', '%"guardianSummary":true%')
    .where('people.email', 'is not', null)
    .where('people.email', '<>', '')
    .where(notAnUnapprovedRegistrant(orgId))
    .orderBy('notification_settings.person_id')
    .execute();
  return rows.filter((r) => {
    const settings = parseStoredSettings(r.settings);
    return settings.guardianSummary && settings.channels.email;
  }).map((r) => r.person_id);
}
