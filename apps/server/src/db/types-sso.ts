import type { Generated } from 'kysely';

// Tables of migration 019-single-sign-on.

/** A provider account (provider + the id token's subject) linked to one person of the school. */
export interface SignInLinkTable {
  org_id: number;
  id: Generated<number>;
  person_id: number;
  /** An SsoProvider: google, office, apple. */
  provider: string;
  /** The id token's `sub`. */
  subject: string;
  email: string | null;
  created_at: string;
  last_used_at: string | null;
}

/** One sign-in under way: what the provider's answer must match, used once within 10 minutes. */
export interface SignInStateTable {
  org_id: number;
  id: Generated<number>;
  provider: string;
  /** SHA-256 (hex) of the state sent to the provider. */
  state_hash: string;
  nonce: string;
  code_verifier: string;
  redirect_uri: string;
  client_id: string;
  issuer: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface SsoTables {
  sign_in_links: SignInLinkTable;
  sign_in_states: SignInStateTable;
}
