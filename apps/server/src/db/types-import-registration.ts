import type { Generated } from 'kysely';

// Tables of migration 003 (imports and self-registration), merged into DB in types.ts.

export interface ImportTable {
  org_id: number;
  id: Generated<number>;
  node_id: number;
  created_by: number;
  file_name: string;
  /** draft → committing → done (a failed commit goes back to draft). */
  status: 'draft' | 'committing' | 'done';
  /** JSON: the draft's layout (sheets with their rows, chosen sheet and header row, name orders); older drafts hold only the header names. */
  columns: string;
  /** JSON: field → column index (ImportMapping). */
  mapping: string;
  /** JSON: {errors, warnings} of the current mapping (older drafts: a plain ImportRowError[]). */
  errors: string;
  row_count: number;
  processed: number;
  /** JSON: ImportResult once done. */
  result: string | null;
  created_at: string;
  updated_at: string;
  /** "host/pid/boot id" of the process committing it, while committing (migration 008). */
  lease_owner: string | null;
  /** ISO time the commit's lease lapses unless its heartbeat renews it (migration 008). */
  lease_expires_at: string | null;
}

export interface ImportRowTable {
  org_id: number;
  id: Generated<number>;
  import_id: number;
  /** Line in the file (the header is line 1). */
  row_number: number;
  /** JSON: string[] cells. */
  cells: string;
}

export interface RegistrationTable {
  org_id: number;
  id: Generated<number>;
  /** The registering parent (the account holder). */
  person_id: number;
  status: 'pending' | 'approved' | 'rejected';
  language: string;
  /** SHA-256 of the email verification token. */
  token_hash: string;
  token_expires_at: string;
  email_verified_at: string | null;
  decided_by: number | null;
  decided_at: string | null;
  created_at: string;
  /** JSON: the parent's document and the children and relatives the family named, kept until approval (migration 006). */
  form: string | null;
}

/** The confirmation asked of the person of the school a registration matches (migration 022, decision 023). */
export interface RegistrationLinkTable {
  org_id: number;
  id: Generated<number>;
  registration_id: number;
  /** The person of the school the registration would be linked to. */
  person_id: number;
  /** The contact on file the link was mailed to. */
  sent_to: string;
  /** SHA-256 of the mailed token. */
  token_hash: string;
  status: 'pending' | 'confirmed' | 'refused';
  send_count: number;
  sent_by: number;
  sent_at: string;
  expires_at: string;
  answered_at: string | null;
}

/** An administrator's audited decision to link a registration without a confirmation (migration 022). */
export interface RegistrationLinkDecisionTable {
  org_id: number;
  id: Generated<number>;
  registration_id: number;
  /** The registering account as it was when decided. */
  registrant_id: number;
  /** The matched parent the registrant became, or null when only children or relatives matched. */
  person_id: number | null;
  /** JSON: the ids of every person of the school the decision attached. */
  linked: string;
  reason: string;
  decided_by: number;
  decided_by_name: string;
  decided_at: string;
}

export interface ImportRegistrationTables {
  imports: ImportTable;
  import_rows: ImportRowTable;
  registrations: RegistrationTable;
  registration_links: RegistrationLinkTable;
  registration_link_decisions: RegistrationLinkDecisionTable;
}
