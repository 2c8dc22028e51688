import type { NotificationChannel } from '@patio/core';
import type { Database } from '../../db/database';
import { scopedToOrg } from '../../db/scope';
import { type NoticeContent, ZNoticeContent } from './personal-notice';

// The outbox of personal notices (migration 017): one row per person, notice, channel and device,
// claimed like the post deliveries and marked by the same functions (deliveries.queries.ts).

export interface NewNoticeDelivery {
  channel: NotificationChannel;
  deviceUuid: string | null;
}

/** The idempotency key of a notice delivery: one per person, notice, channel and device. */
export function noticeOnceKeyOf(personId: number, key: string, d: NewNoticeDelivery): string {
  return `${personId}:${key}:${d.channel}:${d.deviceUuid ?? '-'}`;
}

/**
 * Adds the deliveries of a notice that do not exist yet (by once key) and answers the ids of all of
 * them, new or not: running the notice job again adds nothing.
 */
export async function insertNoticeDeliveries(
  db: Database,
  orgId: number,
  notice: { personId: number; key: string; content: NoticeContent },
  deliveries: readonly NewNoticeDelivery[],
): Promise<number[]> {
  if (deliveries.length === 0) return [];
  const now = new Date().toISOString();
  const json = JSON.stringify(notice.content);
  const onceKeys = deliveries.map((d) => noticeOnceKeyOf(notice.personId, notice.key, d));
  await db
    .insertInto('notification_notices')
    .values(
      deliveries.map((d, i) => ({
        org_id: orgId,
        person_id: notice.personId,
        kind: notice.content.kind,
        notice: json,
        channel: d.channel,
        device_uuid: d.deviceUuid,
        once_key: onceKeys[i]!,
        state: 'queued' as const,
        created_at: now,
      })),
    )
    .onConflict((oc) => oc.columns(['org_id', 'once_key']).doNothing())
    .execute();
  const rows = await db.selectFrom('notification_notices').select('id').where(scopedToOrg(orgId)).where('once_key', 'in', onceKeys).orderBy('id').execute();
  return rows.map((r) => r.id);
}

/** A notice delivery claimed for sending, with what sending it needs. */
export interface ClaimedNotice {
  id: number;
  personId: number;
  channel: NotificationChannel;
  deviceUuid: string | null;
  /** Null when the stored JSON no longer reads as a notice (it then fails alone). */
  content: NoticeContent | null;
}

function contentFrom(json: string): NoticeContent | null {
  try {
    const parsed = ZNoticeContent.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Takes `ids` for the job `jobId`: the ones still queued, and the ones this same job had taken before
 * it was interrupted (sent again with the same idempotency key). Another job's or a sent one is left alone.
 */
export async function claimNoticeDeliveries(db: Database, orgId: number, ids: readonly number[], jobId: number): Promise<ClaimedNotice[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .updateTable('notification_notices')
    .set({ state: 'sending', claimed_by: jobId })
    .where(scopedToOrg(orgId))
    .where('id', 'in', [...ids])
    .where((eb) => eb.or([eb('state', '=', 'queued'), eb.and([eb('state', '=', 'sending'), eb('claimed_by', '=', jobId)])]))
    .returning(['id', 'person_id', 'channel', 'device_uuid', 'notice'])
    .execute();
  return rows
    .map((r) => ({ id: r.id, personId: r.person_id, channel: r.channel as NotificationChannel, deviceUuid: r.device_uuid, content: contentFrom(r.notice) }))
    .sort((a, b) => a.id - b.id);
}
