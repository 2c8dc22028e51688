import { createHash, randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { HttpError, unauthorized } from '../../http/errors';

/** Access tokens (spec §3 Token payload, §5 Tokens): HS256 JWT {sub, uid, org, iat, exp}. */
export class AccessTokens {
  /** The HMAC key, imported once (jose would import the raw bytes again on every call). */
  private readonly key: Promise<CryptoKey>;

  constructor(
    secret: Uint8Array,
    readonly ttlSeconds: number,
  ) {
    this.key = crypto.subtle.importKey('raw', new Uint8Array(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  }

  async sign(orgCode: string, personId: number, ttlSeconds = this.ttlSeconds): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ uid: personId, org: orgCode })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(personId))
      .setIssuedAt(now)
      .setExpirationTime(now + ttlSeconds)
      .sign(await this.key);
  }

  /** Verifies signature (HS256 only) and expiry; answers the person id and school code. */
  async verify(token: string): Promise<{ personId: number; orgCode: string }> {
    try {
      const { payload } = await jwtVerify(token, await this.key, { algorithms: ['HS256'], requiredClaims: ['exp'] });
      const uid = payload.uid;
      if (typeof uid !== 'number' || !Number.isInteger(uid) || payload.sub !== String(uid) || typeof payload.org !== 'string') {
        throw unauthorized('invalid_token', 'Invalid token');
      }
      return { personId: uid, orgCode: payload.org };
    } catch (err) {
      if (err instanceof HttpError) throw err;
      if (err instanceof errors.JWTExpired) throw unauthorized('token_expired', 'The session has expired; sign in again');
      throw unauthorized('invalid_token', 'Invalid token');
    }
  }
}

/** A one-time sign-in token: 32 random bytes, base64url (43 characters). */
export function newLoginToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this digest is stored, so a database leak does not leak usable links. */
export function hashLoginToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
