import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppConfig } from '../../config';

// The token of a mail's unsubscribe link (RFC 8058 one-click; docs/operations.md "Unsubscribe links"):
// `{org}.{person}.{channel}.{expires}.{signature}`, an HMAC-SHA256 under a key derived from the
// file-address secret (or the JWT secret), as the image proxy signs. Nothing is stored: the link works
// without sign-in for UNSUBSCRIBE_TOKEN_DAYS after the mail was sent, long enough for an old mail in
// the inbox, short enough that a leaked one does not work for ever.

/** How long an unsubscribe link works after its mail was sent. */
export const UNSUBSCRIBE_TOKEN_DAYS = 60;

/** The channels a link may turn off. Only email carries the link today. */
export type UnsubscribeChannel = 'email';

type SigningConfig = Pick<AppConfig, 'jwtSecret' | 'fileUrlSecret'>;

const keys = new WeakMap<object, Buffer>();

function signingKey(config: SigningConfig): Buffer {
  let key = keys.get(config);
  if (!key) {
    key = createHmac('sha256', config.fileUrlSecret ?? config.jwtSecret).update('patio unsubscribe v1').digest();
    keys.set(config, key);
  }
  return key;
}

const signatureOf = (config: SigningConfig, claims: string) => createHmac('sha256', signingKey(config)).update(claims).digest('base64url');

/** A token for `personId` of school `orgId`, valid until `now` + UNSUBSCRIBE_TOKEN_DAYS. */
export function unsubscribeToken(config: SigningConfig, orgId: number, personId: number, channel: UnsubscribeChannel, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + UNSUBSCRIBE_TOKEN_DAYS * 86_400;
  const claims = `${orgId}.${personId}.${channel}.${expires}`;
  return `${claims}.${signatureOf(config, claims)}`;
}

export type TokenCheck =
  | { ok: true; personId: number; channel: UnsubscribeChannel }
  /** malformed → 400; forged or another school's → 403; expired → 400 (a new mail brings a new link). */
  | { ok: false; reason: 'malformed' | 'forged' | 'other_school' | 'expired' };

const TOKEN = /^([1-9]\d{0,15})\.([1-9]\d{0,15})\.(email)\.([1-9]\d{0,11})\.([A-Za-z0-9_-]{43})$/;

/** What `token` names, when the server signed it, for school `orgId`, and it has not expired. */
export function checkUnsubscribeToken(config: SigningConfig, orgId: number, token: string, now = Date.now()): TokenCheck {
  const parts = TOKEN.exec(token);
  if (!parts) return { ok: false, reason: 'malformed' };
  const [, org, person, channel, expires, signature] = parts as unknown as [string, string, string, UnsubscribeChannel, string, string];
  const expected = Buffer.from(signatureOf(config, `${org}.${person}.${channel}.${expires}`));
  if (!timingSafeEqual(expected, Buffer.from(signature))) return { ok: false, reason: 'forged' };
  if (Number(org) !== orgId) return { ok: false, reason: 'other_school' };
  if (Number(expires) * 1000 <= now) return { ok: false, reason: 'expired' };
  return { ok: true, personId: Number(person), channel };
}
