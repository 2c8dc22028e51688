/**
 * Milliseconds since the epoch at which an access token expires, read from its `exp` claim (the
 * token was verified before this is asked), or null for a token without one.
 */
export function expiryOfToken(token: string): number | null {
  try {
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof claims.exp === 'number' && Number.isFinite(claims.exp) ? claims.exp * 1000 : null;
  } catch {
    return null;
  }
}
