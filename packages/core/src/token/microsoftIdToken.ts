import { MICROSOFT_CLOCK_SKEW_S } from '../constants';
import type { TokenClaims } from './decodeToken';

// spec §5 Microsoft sign-in: "the state must match the stored one. The nonce, audience and issuer
// must match. The current time must be within not-before minus 5 minutes to expiry plus
// 5 minutes. Otherwise sign-in fails." The state text is the exact one of spec §8. A token issued
// (`iat`) later than now plus the same 5 minutes is refused too (issue 29): no honest provider's
// clock is that far ahead, and such a token would stay usable past its real lifetime.

export { MICROSOFT_CLOCK_SKEW_S };

/** The exact spec §8 text shown when the returned state differs from the stored one. */
export const INVALID_STATE_MESSAGE =
  'Invalid state — The state in the authorization response did not match the expected value. Please try signing in again.';

/** Which check failed, for callers that pick a translated message. */
export type MicrosoftIdTokenFailure = 'state' | 'nonce' | 'audience' | 'issuer' | 'not-yet-valid' | 'issued-in-future' | 'expired';

/** Raised when a Microsoft id token or its sign-in response fails a check. */
export class MicrosoftIdTokenError extends Error {
  readonly code: MicrosoftIdTokenFailure;
  constructor(code: MicrosoftIdTokenFailure, message: string) {
    super(message);
    this.name = 'MicrosoftIdTokenError';
    this.code = code;
  }
}

/** What the sign-in expected: the state sent back and the one stored, and the token's nonce, aud, iss; now in epoch seconds. */
export interface MicrosoftIdTokenExpectations {
  state: string | null | undefined;
  storedState: string | null | undefined;
  nonce: string;
  audience: string;
  /** May contain '{tenantid}', as Microsoft's multi-tenant metadata does; it is filled from the `tid` claim. */
  issuer: string;
  now: number;
}

function matchesIssuer(claims: TokenClaims, expected: string): boolean {
  const tid = typeof claims.tid === 'string' ? claims.tid : undefined;
  const wanted = expected.includes('{tenantid}') ? (tid ? expected.replace('{tenantid}', tid) : undefined) : expected;
  return wanted !== undefined && claims.iss === wanted;
}

function matchesAudience(aud: unknown, expected: string): boolean {
  if (typeof aud === 'string') return aud === expected;
  return Array.isArray(aud) && aud.includes(expected);
}

/** Checks a decoded Microsoft id token against the sign-in's expectations; throws MicrosoftIdTokenError on the first failure. */
export function verifyMicrosoftIdToken(claims: TokenClaims, expected: MicrosoftIdTokenExpectations): TokenClaims {
  const { state, storedState, nonce, audience, issuer, now } = expected;
  if (!state || !storedState || state !== storedState) throw new MicrosoftIdTokenError('state', INVALID_STATE_MESSAGE);
  if (!nonce || claims.nonce !== nonce) {
    throw new MicrosoftIdTokenError('nonce', 'Invalid nonce — the id token was not issued for this sign-in.');
  }
  if (!matchesAudience(claims.aud, audience)) {
    throw new MicrosoftIdTokenError('audience', 'Invalid audience — the id token was issued for another application.');
  }
  if (!matchesIssuer(claims, issuer)) {
    throw new MicrosoftIdTokenError('issuer', 'Invalid issuer — the id token does not come from the expected authority.');
  }
  const nbf = typeof claims.nbf === 'number' ? claims.nbf : undefined;
  if (nbf !== undefined && now < nbf - MICROSOFT_CLOCK_SKEW_S) {
    throw new MicrosoftIdTokenError('not-yet-valid', 'The id token is not valid yet — check the device clock and try again.');
  }
  if (claims.iat !== undefined && (typeof claims.iat !== 'number' || claims.iat > now + MICROSOFT_CLOCK_SKEW_S)) {
    throw new MicrosoftIdTokenError('issued-in-future', 'The id token says it was issued in the future — check the device clock and try again.');
  }
  if (typeof claims.exp !== 'number' || now > claims.exp + MICROSOFT_CLOCK_SKEW_S) {
    throw new MicrosoftIdTokenError('expired', 'The id token has expired — please try signing in again.');
  }
  return claims;
}
