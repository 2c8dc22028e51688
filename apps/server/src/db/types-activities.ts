import type { ColumnType, Generated } from 'kysely';

// Tables of migrations 030-activities and 031-activity-offers, merged into DB in types.ts (docs/decisions/033-activities.md).

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
  status: 'pending' | 'waiting' | 'offered' | 'accepted' | 'rejected' | 'withdrawn';
  /** 1..n among the activity's waiting requests; null otherwise. */
  position: number | null;
  decided_by: number | null;
  decided_at: string | null;
  /** Epoch ms until which an `offered` request holds its place (migration 031); null otherwise. Bigint: PostgreSQL answers a string. */
  offer_expires_at: ColumnType<number | string | null, number | null | undefined, number | null>;
  created_at: string;
  updated_at: string;
}

/** The debit an accepted request made for one period of its activity (migration 031). */
export interface ActivityDebitTable {
  org_id: number;
  id: Generated<number>;
  request_id: number;
  debit_id: number;
  /** The period's label. */
  period: string;
  created_at: string;
}

export interface ActivityTables {
  activities: ActivityTable;
  activity_requests: ActivityRequestTable;
  activity_debits: ActivityDebitTable;
}
