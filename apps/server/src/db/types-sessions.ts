import type { Generated } from 'kysely';

// Tables of migration 021-sessions.

/** One sign-in: its id is the access token's `sid`. */
export interface SessionTable {
  org_id: number;
  id: Generated<number>;
  person_id: number;
  platform: string;
  model: string;
  created_at: string;
  /** Written at most about once a minute (modules/sessions/sessions.queries.ts). */
  last_used_at: string;
  expires_at: string;
  /** Null while the session is live. */
  revoked_at: string | null;
}

export interface SessionTables {
  sessions: SessionTable;
}
