import type { Generated } from 'kysely';

// Tables of migration 020-attendance, merged into DB in types.ts. Epoch seconds are bigint: written as
// numbers, PostgreSQL answers them as strings (read them through Number()).

export interface AttendanceCheckpointTable {
  org_id: number;
  id: Generated<number>;
  node_id: number;
  /** CheckpointType of @patio/core: class, entrance, bus_boarding, bus_dropoff, event. */
  type: string;
  /** CheckpointDirection of @patio/core: arriving, leaving, information. */
  direction: string;
  created_at: string;
  updated_at: string;
}

/** 'pending' (the alert job is queued), 'sent', 'withdrawn' (corrected after it was sent), or null. */
export type AttendanceAlertState = 'pending' | 'sent' | 'withdrawn';

export interface AttendanceRecordTable {
  org_id: number;
  id: Generated<number>;
  node_id: number;
  person_id: number;
  /** YYYY-MM-DD in the school's time zone. */
  date: string;
  /** AttendanceType of @patio/core: present, absent, late, excused. */
  type: string;
  /** When the mark was made (epoch seconds; an offline device's own time, never later than it arrived). */
  time: number | string;
  note: Generated<string>;
  marked_by: number | null;
  alert_state: AttendanceAlertState | null;
  /** The family's "absence" post, once sent; kept after a withdrawal so a new absence reuses it. */
  alert_post_id: number | null;
  updated_at: string;
}

export interface AttendanceChangeTable {
  org_id: number;
  id: Generated<number>;
  record_id: number;
  type: string;
  /** The record's type before this change; null for the first mark. */
  previous_type: string | null;
  note: Generated<string>;
  time: number | string;
  marked_by: number | null;
  created_at: string;
}

export interface AttendanceTables {
  attendance_checkpoints: AttendanceCheckpointTable;
  attendance_records: AttendanceRecordTable;
  attendance_changes: AttendanceChangeTable;
}
