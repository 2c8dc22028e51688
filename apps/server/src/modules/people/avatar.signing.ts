import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppConfig } from '../../config';

// Avatars are served only through signed URLs (issue 6 item 9): <img> cannot send a bearer token, so
// the API hands every signed-in viewer a URL signed with a key derived from the server's JWT secret.
// The expiry is the end of the next UTC day: the URL stays the same all day, so browsers cache it,
// and a URL that leaked stops working within two days at most.

const DAY_SECONDS = 86_400;
const keys = new WeakMap<Uint8Array, Buffer>();

function signingKey(config: Pick<AppConfig, 'jwtSecret'>): Buffer {
  let key = keys.get(config.jwtSecret);
  if (!key) {
    key = createHmac('sha256', config.jwtSecret).update('patio avatar urls v1').digest();
    keys.set(config.jwtSecret, key);
  }
  return key;
}

function signatureOf(config: Pick<AppConfig, 'jwtSecret'>, orgId: number, file: string, expires: number): string {
  return createHmac('sha256', signingKey(config)).update(`${orgId}\n${file}\n${expires}`).digest('base64url');
}

/** Unix time (s) at the end of the next UTC day. */
export function avatarUrlExpiry(now = Date.now()): number {
  return (Math.floor(now / 1000 / DAY_SECONDS) + 2) * DAY_SECONDS;
}

/** `?expires=…&signature=…` for one avatar file of a school. */
export function avatarSignatureQuery(config: Pick<AppConfig, 'jwtSecret'>, orgId: number, file: string, now = Date.now()): string {
  const expires = avatarUrlExpiry(now);
  return `expires=${expires}&signature=${signatureOf(config, orgId, file, expires)}`;
}

/** True when the signature is ours for this school and file and has not expired. */
export function isAvatarSignatureValid(
  config: Pick<AppConfig, 'jwtSecret'>,
  orgId: number,
  file: string,
  query: { expires?: number; signature?: string },
  now = Date.now(),
): boolean {
  if (query.expires === undefined || query.signature === undefined) return false;
  if (query.expires * 1000 < now) return false;
  const expected = Buffer.from(signatureOf(config, orgId, file, query.expires));
  const given = Buffer.from(query.signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
