import type { Generated } from 'kysely';

// The table of migration 011 (invitations), merged into DB in types.ts.

/** Where a person's invitation stands ("not sent" is the absence of a row). */
export type InvitationRowStatus = 'sent' | 'opened' | 'signed_in';

export interface InvitationTable {
  org_id: number;
  id: Generated<number>;
  person_id: number;
  status: InvitationRowStatus;
  send_count: Generated<number>;
  /** The latest send. */
  sent_at: string;
  /** The administrator of the latest send. */
  sent_by: number | null;
  /** When the latest link was opened (cleared by a new send). */
  opened_at: string | null;
  /** The first sign-in after an invitation (kept by later sends). */
  signed_in_at: string | null;
  created_at: string;
}

/** What a one-time link in login_tokens is for; each is exchanged only by its own route. */
export type LoginTokenPurpose = 'sign_in' | 'invitation' | 'password_reset';

export interface InvitationTables {
  invitations: InvitationTable;
}
