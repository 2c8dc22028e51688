import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppConfig } from '../../config';

// Signed file addresses (docs/decisions/012-files-and-signed-addresses.md): <img>, <a download> and
// the gallery cannot send a bearer token, so the API hands out addresses carrying an HMAC of the
// school, the file, the variant and the expiry. `expires` 0 never expires (a person's uploads, which
// live inside post HTML); a files block's addresses expire on the hour, at least an hour ahead, so an
// address stays the same for an hour and browsers cache the image.

export const FILE_VARIANTS = ['original', 'preview', 'thumbnail', 'large'] as const;
export type FileVariant = (typeof FILE_VARIANTS)[number];

const HOUR_SECONDS = 3600;
const keys = new WeakMap<object, Buffer>();

type SigningConfig = Pick<AppConfig, 'jwtSecret' | 'fileUrlSecret'>;

function signingKey(config: SigningConfig): Buffer {
  let key = keys.get(config);
  if (!key) {
    key = createHmac('sha256', config.fileUrlSecret ?? config.jwtSecret).update('patio file urls v1').digest();
    keys.set(config, key);
  }
  return key;
}

function signatureOf(config: SigningConfig, orgId: number, fileId: number, variant: FileVariant, expires: number): string {
  return createHmac('sha256', signingKey(config)).update(`${orgId}\n${fileId}\n${variant}\n${expires}`).digest('base64url');
}

/** Unix time (s) of the hour after the next one: between one and two hours from `now`. */
export function hourlyExpiry(now = Date.now()): number {
  return (Math.floor(now / 1000 / HOUR_SECONDS) + 2) * HOUR_SECONDS;
}

/** `/api/{org}/files/{fileId}/{variant}?expires=…&sig=…[&download=1]`. */
export function signedFileAddress(
  config: SigningConfig,
  org: { id: number; code: string },
  fileId: number,
  variant: FileVariant,
  expires: number,
  download = false,
): string {
  const sig = signatureOf(config, org.id, fileId, variant, expires);
  return `/api/${org.code}/files/${fileId}/${variant}?expires=${expires}&sig=${sig}${download ? '&download=1' : ''}`;
}

export type SignatureVerdict = 'valid' | 'bad_signature' | 'expired';

/** Compares in constant time; a bad signature is told before an expired one, so expiry says nothing about a forgery. */
export function checkFileSignature(
  config: SigningConfig,
  orgId: number,
  fileId: number,
  variant: FileVariant,
  query: { expires?: number; sig?: string },
  now = Date.now(),
): SignatureVerdict {
  if (query.expires === undefined || query.sig === undefined) return 'bad_signature';
  const expected = Buffer.from(signatureOf(config, orgId, fileId, variant, query.expires));
  const given = Buffer.from(query.sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'bad_signature';
  if (query.expires !== 0 && query.expires * 1000 < now) return 'expired';
  return 'valid';
}

/**
 * The file a signed address of this school points at, when `address` is one whose signature holds
 * and has not expired (image blocks and post HTML keep such addresses); null otherwise.
 */
export function readFileAddress(
  config: SigningConfig,
  org: { id: number; code: string },
  address: string,
  now = Date.now(),
): { fileId: number; variant: FileVariant; expires: number } | null {
  const match = address.match(/^\/api\/([a-z0-9-]+)\/files\/([1-9][0-9]{0,9})\/([a-z]+)\?(.*)$/);
  if (!match || match[1] !== org.code || !(FILE_VARIANTS as readonly string[]).includes(match[3])) return null;
  const query = new URLSearchParams(match[4]);
  const expiresText = query.get('expires') ?? '';
  if (!/^(0|[1-9][0-9]{0,11})$/.test(expiresText)) return null;
  const fileId = Number(match[2]);
  const variant = match[3] as FileVariant;
  const expires = Number(expiresText);
  const verdict = checkFileSignature(config, org.id, fileId, variant, { expires, sig: query.get('sig') ?? undefined }, now);
  return verdict === 'valid' ? { fileId, variant, expires } : null;
}
