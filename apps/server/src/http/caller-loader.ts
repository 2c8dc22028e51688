import type { Caller, Org, Policy } from '../policy/policy';

/** How far a self-registered account has come: null for everybody else (issue 6 item 2). */
export type RegistrationStatus = 'pending' | 'approved' | 'rejected' | null;

/** A signed-in person as the school scope loads them: the caller and their registration status. */
export interface LoadedCaller {
  caller: Caller;
  registration: RegistrationStatus;
}

/**
 * What the school scope needs from the areas (org, people, registration), built by app.ts, so that
 * http/ depends on no area.
 */
export interface CallerLoader {
  /** The school of a (lowercase) code, or null. */
  findOrg(code: string): Promise<Org | null>;
  /** The person `personId` of the school as a caller, or null when there is no such person. */
  findCaller(orgId: number, personId: number): Promise<LoadedCaller | null>;
  /** Throws (401 or 403) when the registration status does not let the caller use a route with `policy`. */
  assertRegistrationAllows(registration: RegistrationStatus, policy: Policy): void;
  /**
   * Whether the token's sign-in still holds (modules/sessions): its session is not revoked, or, for a
   * token from before sessions (`sessionId` null), every token of the account was never revoked.
   * Absent: every verified token holds.
   */
  sessionHolds?(orgId: number, personId: number, sessionId: number | null): Promise<boolean>;
}

/** The token check the cache needs (modules/auth/tokens.ts AccessTokens). */
export interface TokenVerifier {
  verify(token: string): Promise<{ personId: number; orgCode: string; sessionId?: number | null }>;
}
