import type { Generated } from 'kysely';

// Tables of migration 015-notifications.

export interface NotificationSettingsTable {
  org_id: number;
  person_id: number;
  /** JSON NotificationSettings (@patio/core). */
  settings: string;
  updated_at: string;
}

export type DeliveryState = 'queued' | 'sending' | 'sent' | 'failed' | 'digest';

export interface NotificationDeliveryTable {
  org_id: number;
  id: Generated<number>;
  post_id: number;
  person_id: number;
  /** A NotificationChannel. */
  channel: string;
  /** The device of a push channel; null for email and SMS. */
  device_uuid: string | null;
  /** post:person:channel:device — one delivery each, whatever runs twice. */
  once_key: string;
  state: DeliveryState;
  urgent: Generated<number>;
  /** Not sent before this instant (UTC ISO): the end of the person's quiet hours, or their digest time. */
  not_before: string;
  attempts: Generated<number>;
  /** The job that claimed it for sending (bigint: PostgreSQL answers a string). */
  claimed_by: number | string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

export interface NotificationTables {
  notification_settings: NotificationSettingsTable;
  notification_deliveries: NotificationDeliveryTable;
}
