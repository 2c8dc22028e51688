import type { Generated } from 'kysely';

// Tables of migration 014-calendar. Epoch seconds are bigint: PostgreSQL answers them as strings,
// so readers convert with Number().

type EpochSeconds = number | string;

export interface CalendarEventTable {
  org_id: number;
  id: Generated<number>;
  title: Generated<string>;
  secondary: Generated<string>;
  location: Generated<string>;
  starts_at: EpochSeconds;
  ends_at: EpochSeconds;
  /** 1 when the event lasts whole days (local midnight to local midnight in time_zone). */
  all_day: Generated<number>;
  /** IANA zone the event's wall-clock times belong to (the school's when written). */
  time_zone: string;
  /** JSON Recurrence (@patio/core calendar schema), or null for a single event. */
  recurrence: string | null;
  /** Upper bound of the end of the last occurrence; null when the recurrence never ends. */
  last_ends_at: EpochSeconds | null;
  rsvp: Generated<number>;
  post_id: number | null;
  node_id: number | null;
  source_id: number | null;
  /** UID (and occurrence) of an imported event in its external feed. */
  external_uid: string | null;
  author_id: number | null;
  /** The event's revision (ICS SEQUENCE): every change adds one in the statement that makes it (migration 025). */
  sequence: Generated<number>;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export interface CalendarSourceTable {
  org_id: number;
  id: Generated<number>;
  name: string;
  url: string;
  /** The calendar the feed is imported into; null is the school's. */
  node_id: number | null;
  created_by: number;
  last_fetched_at: string | null;
  last_error: string | null;
  created_at: string;
  deleted_at: string | null;
}

export interface CalendarFeedPrefTable {
  org_id: number;
  person_id: number;
  /** A feed id: 'posts', 'node-{id}' or 'source-{id}'. */
  feed: string;
  enabled: number;
  updated_at: string;
}

export interface CalendarSubscriptionTable {
  org_id: number;
  id: Generated<number>;
  person_id: number;
  /** Random; the address's secret is derived from it with a server key. */
  nonce: string;
  created_at: string;
}

export interface CalendarRsvpTable {
  org_id: number;
  event_id: number;
  person_id: number;
  answer: 'going' | 'not_going';
  updated_at: string;
}

export interface CalendarTables {
  calendar_events: CalendarEventTable;
  calendar_sources: CalendarSourceTable;
  calendar_feed_prefs: CalendarFeedPrefTable;
  calendar_subscriptions: CalendarSubscriptionTable;
  calendar_rsvps: CalendarRsvpTable;
}
