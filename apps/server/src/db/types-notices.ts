import type { Generated } from 'kysely';

// Tables of migration 017-personal-notices.

export type NoticeDeliveryState = 'queued' | 'sending' | 'sent' | 'failed';

/** One personal notice (not a post) to one person through one channel (and device). */
export interface NotificationNoticeTable {
  org_id: number;
  id: Generated<number>;
  person_id: number;
  /** A PersonalNoticeKind (modules/notifications): bus_approaching, bus_delayed. */
  kind: string;
  /** JSON of what it says: { kind, values, path, data }. */
  notice: string;
  /** A NotificationChannel. */
  channel: string;
  /** The device of a push channel; null for email and SMS. */
  device_uuid: string | null;
  /** person:notice key:channel:device — one delivery each, whatever runs twice. */
  once_key: string;
  state: NoticeDeliveryState;
  attempts: Generated<number>;
  /** The job that claimed it for sending (bigint: PostgreSQL answers a string). */
  claimed_by: number | string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

export interface NoticeTables {
  notification_notices: NotificationNoticeTable;
}
