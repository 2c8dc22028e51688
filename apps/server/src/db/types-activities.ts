import type { Generated } from 'kysely';

// Tables of migration 030-activities, merged into DB in types.ts (docs/decisions/033-activities.md).

/** The details of an activity node (type `activity`); its name is the node's. */
export interface ActivityTable {
  org_id: number;
  id: Generated<number>;
  node_id: number;
  /** Sanitised HTML. */
  description: string;
  /** Calendar days 'YYYY-MM-DD', both included. */
  term_from: string;
  term_to: string;
  /** JSON ActivitySlot[]. */
  schedule: string;
  place: string;
  places: number;
  /** JSON array of node ids (grades or groups). */
  eligible: string;
  /** Minor units per period; bigint, so PostgreSQL answers a string. */
  price: number | string;
  /** JSON array of { label, dueDate }. */
  periods: string;
  leader_id: number;
  /** The route node, or null. */
  route_id: number | null;
  created_at: string;
  updated_at: string;
}

/** A family's request for a place; one live (pending, waiting, accepted) per student and activity. */
export interface ActivityRequestTable {
  org_id: number;
  id: Generated<number>;
  activity_id: number;
  student_id: number;
  requested_by: number | null;
  status: 'pending' | 'waiting' | 'accepted' | 'rejected' | 'withdrawn';
  /** 1..n among the activity's waiting requests; null otherwise. */
  position: number | null;
  decided_by: number | null;
  decided_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface ActivityTables {
  activities: ActivityTable;
  activity_requests: ActivityRequestTable;
}
