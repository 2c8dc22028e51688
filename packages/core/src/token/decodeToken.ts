// spec §5 Tokens: "Decoding requires exactly 3 dot-separated parts and readable content.
// A token without an expiry never expires." Error texts are the exact ones of spec §8.
// The client only reads claims; the server verifies signatures (jose). No Buffer: atob and
// TextDecoder exist in browsers and in Node 20.

/** Claims of a decoded token; `exp` is in epoch seconds when present. */
export type TokenClaims = Record<string, unknown> & { exp?: number };

/** Error texts of spec §8, for callers that map them to translations. */
export const TOKEN_ERRORS = {
  invalid: 'Invalid token',
  parts: 'JWT must have 3 parts',
  base64: 'Illegal base64url string!',
  decode: 'Cannot decode the token',
} as const;

const BASE64URL = /^[A-Za-z0-9_-]*={0,2}$/;

/** Decodes one base64url segment to text; throws the spec §8 errors. */
export function decodeBase64Url(segment: string): string {
  if (!BASE64URL.test(segment)) throw new Error(TOKEN_ERRORS.base64);
  const bare = segment.replace(/=+$/, '');
  if (bare.length % 4 === 1) throw new Error(TOKEN_ERRORS.base64); // no valid encoding has this length
  const base64 = bare.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(bare.length / 4) * 4, '=');
  try {
    const binary = atob(base64);
    const bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new Error(TOKEN_ERRORS.decode);
  }
}

function decodeJsonObject(segment: string): TokenClaims {
  const text = decodeBase64Url(segment);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(TOKEN_ERRORS.decode);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new Error(TOKEN_ERRORS.decode);
  return value as TokenClaims;
}

function splitToken(token: unknown): string[] {
  if (typeof token !== 'string' || token === '') throw new Error(TOKEN_ERRORS.invalid);
  const parts = token.split('.');
  if (parts.length !== 3) throw new Error(TOKEN_ERRORS.parts);
  return parts;
}

/** Decodes a JWT's payload claims without verifying it; throws the exact spec §8 errors. */
export function decodeToken<T extends TokenClaims = TokenClaims>(token: unknown): T {
  return decodeJsonObject(splitToken(token)[1]) as T;
}

/** Decodes a JWT's header (alg, typ, kid) without verifying it; same errors as decodeToken. */
export function decodeTokenHeader(token: unknown): Record<string, unknown> {
  return decodeJsonObject(splitToken(token)[0]);
}

/** Tells whether claims are expired at `nowSeconds`; a token without a numeric `exp` never expires. */
export function isTokenExpired(claims: { exp?: unknown } | null | undefined, nowSeconds = Date.now() / 1000): boolean {
  const exp = claims?.exp;
  if (typeof exp !== 'number' || !Number.isFinite(exp)) return false;
  return nowSeconds >= exp;
}
