import { createHash, randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { HttpError, unauthorized } from '../../http/errors';

/**
 * Access tokens (spec §3 Token payload, §5 Tokens): HS256 JWT {sub, uid, org, sid, iat, exp}. `sid` is
 * the sign-in's row in `sessions` (decision 024); tokens issued before it have none.
 */
export class AccessTokens {
  /** The HMAC key, imported once (jose would import the raw bytes again on every call). */
  private readonly key: Promise<CryptoKey>;

  constructor(
    secret: Uint8Array,
    readonly ttlSeconds: number,
  ) {
    this.key = crypto.subtle.importKey('raw', new Uint8Array(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  }

  async sign(orgCode: string, personId: number, ttlSeconds = this.ttlSeconds, sessionId?: number): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT(sessionId === undefined ? { uid: personId, org: orgCode } : { uid: personId, org: orgCode, sid: sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(personId))
      .setIssuedAt(now)
      .setExpirationTime(now + ttlSeconds)
      .sign(await this.key);
  }

  /** Verifies signature (HS256 only) and expiry; answers the person id, school code and session (null for a token from before sessions). */
  async verify(token: string): Promise<VerifiedToken> {
    try {
      const { payload } = await jwtVerify(token, await this.key, { algorithms: ['HS256'], requiredClaims: ['exp'] });
      const uid = payload.uid;
      if (typeof uid !== 'number' || !Number.isInteger(uid) || payload.sub !== String(uid) || typeof payload.org !== 'string') {
        throw unauthorized('invalid_token', 'Invalid token');
      }
      const sid = payload.sid ?? null;
      if (sid !== null && !isId(sid)) throw unauthorized('invalid_token', 'Invalid token');
      return { personId: uid, orgCode: payload.org, sessionId: sid };
    } catch (err) {
      if (err instanceof HttpError) throw err;
      if (err instanceof errors.JWTExpired) throw unauthorized('token_expired', 'The session has expired; sign in again');
      throw unauthorized('invalid_token', 'Invalid token');
    }
  }
}

export interface VerifiedToken {
  personId: number;
  orgCode: string;
  sessionId: number | null;
}

function isId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

/** A one-time sign-in token: 32 random bytes, base64url (43 characters). */
export function newLoginToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this digest is stored, so a database leak does not leak usable links. */
export function hashLoginToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
