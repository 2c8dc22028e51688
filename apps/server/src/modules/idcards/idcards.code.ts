import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppConfig } from '../../config';

// The school ID card's QR code (issue 36 §3): `v1.<orgId>.<personId>.<YYYY-MM-DD>.<mac>`, the mac a
// base64url HMAC-SHA256 of the first four parts under a key of the school, derived from the server's
// signing secret. The day makes it rotate: a photo of yesterday's card marks nobody today. Nothing is
// stored: the server can always recompute a code, so a code needs no table and no clean-up.

type SigningConfig = Pick<AppConfig, 'jwtSecret'>;

const VERSION = 'v1';
/** HMAC-SHA256 as base64url without padding: 32 bytes → 43 characters. */
const MAC_LENGTH = 43;
const CODE_PATTERN = /^v1\.([1-9][0-9]{0,9})\.([1-9][0-9]{0,9})\.([0-9]{4}-[0-9]{2}-[0-9]{2})\.([A-Za-z0-9_-]{43})$/;

const rootKeys = new WeakMap<Uint8Array, Buffer>();

/** One key per school: a code of one school is no code at another, even with the same person id. */
function schoolKey(config: SigningConfig, orgId: number): Buffer {
  let root = rootKeys.get(config.jwtSecret);
  if (!root) {
    root = createHmac('sha256', config.jwtSecret).update('patio id card codes v1').digest();
    rootKeys.set(config.jwtSecret, root);
  }
  return createHmac('sha256', root).update(`school ${orgId}`).digest();
}

function macOf(config: SigningConfig, orgId: number, body: string): string {
  return createHmac('sha256', schoolKey(config, orgId)).update(body).digest('base64url');
}

/** The code of `personId` at school `orgId` for `day` (YYYY-MM-DD in the school's time zone). */
export function signIdCode(config: SigningConfig, orgId: number, personId: number, day: string): string {
  const body = `${VERSION}.${orgId}.${personId}.${day}`;
  return `${body}.${macOf(config, orgId, body)}`;
}

export type IdCodeCheck = { ok: true; personId: number; day: string } | { ok: false; reason: 'invalid_code' | 'code_expired' };

/**
 * Reads a scanned code at school `orgId` on `today`. Anything that is not a code this school signed
 * (malformed, altered in any character, another school's) is `invalid_code`; the mac is compared in
 * constant time and checked before the day, so an altered day is `invalid_code`, never `code_expired`.
 * A genuine code of another day, past or future, is `code_expired`.
 */
export function verifyIdCode(config: SigningConfig, orgId: number, code: string, today: string): IdCodeCheck {
  const match = CODE_PATTERN.exec(code);
  if (!match) return { ok: false, reason: 'invalid_code' };
  const [, org, person, day, mac] = match;
  const expected = Buffer.from(macOf(config, orgId, code.slice(0, code.length - MAC_LENGTH - 1)));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid_code' };
  // The mac already binds the school (its key is this school's); this keeps a future key mix-up from passing.
  if (Number(org) !== orgId) return { ok: false, reason: 'invalid_code' };
  if (day !== today) return { ok: false, reason: 'code_expired' };
  return { ok: true, personId: Number(person), day };
}
