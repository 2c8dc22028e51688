// Reads the access token with the core's decoder (spec §5 token rules, §8 token errors).
import { decodeToken as decodeClaims, isTokenExpired } from '@patio/core/token/decodeToken';
import type { AccessTokenClaims } from '@patio/core/schemas/auth';

export type { AccessTokenClaims };

/** The claims of a Patio access token; the person id is `uid`. Throws the §8 token errors. */
export function decodeToken(token: string): AccessTokenClaims {
  return decodeClaims<AccessTokenClaims>(token);
}

/** True when the token decodes and has not expired (a token without expiry never expires). */
export function isUsableToken(token: string, nowSec: number): boolean {
  try {
    return !isTokenExpired(decodeToken(token), nowSec);
  } catch {
    return false;
  }
}

/** The server's session of a token (its `sid` claim: decision 024), or null for a token without one. */
export function sessionIdOf(token: string): number | null {
  try {
    const { sid } = decodeToken(token) as AccessTokenClaims & { sid?: unknown };
    return typeof sid === 'number' && Number.isSafeInteger(sid) ? sid : null;
  } catch {
    return null;
  }
}
