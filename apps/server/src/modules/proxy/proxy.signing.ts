import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppConfig } from '../../config';

// Signed image proxy addresses (docs/decisions/028-image-proxy.md): the server signs the exact
// address of a picture when it answers a post or a block to a reader, so /proxy/ fetches only what
// the server itself put on a page, never an address a visitor made up. The key is derived from the
// file-address secret (or the JWT secret), so rotating it only breaks pages already loaded.

/** Where the proxy answers; outside /api, and what the SPA fallback must never answer. */
export const PROXY_PATH = '/proxy/';
/** Longest picture address the proxy takes (and the server signs). */
export const PROXY_MAX_URL_LENGTH = 4096;

const keys = new WeakMap<object, Buffer>();

type SigningConfig = Pick<AppConfig, 'jwtSecret' | 'fileUrlSecret'>;

function signingKey(config: SigningConfig): Buffer {
  let key = keys.get(config);
  if (!key) {
    key = createHmac('sha256', config.fileUrlSecret ?? config.jwtSecret).update('patio image proxy v1').digest();
    keys.set(config, key);
  }
  return key;
}

function signatureOf(config: SigningConfig, url: string): string {
  return createHmac('sha256', signingKey(config)).update(url).digest('base64url');
}

/** `/proxy/?url=…&sig=…` for exactly `url`. */
export function signedProxyAddress(config: SigningConfig, url: string): string {
  return `${PROXY_PATH}?url=${encodeURIComponent(url)}&sig=${signatureOf(config, url)}`;
}

/** Whether `sig` is the server's signature of exactly `url` (compared in constant time). */
export function hasProxySignature(config: SigningConfig, url: string, sig: string | undefined): boolean {
  if (sig === undefined) return false;
  const expected = Buffer.from(signatureOf(config, url));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The picture address inside a proxy address the server handed out (`/proxy/?url=…`), or null for
 * any other address. A description saved back from a page keeps the original, not our signature.
 */
export function originalOfProxied(src: string): string | null {
  if (!src.startsWith('/proxy/?') && !src.startsWith('/proxy?')) return null;
  try {
    return new URL(src, 'https://patio.invalid').searchParams.get('url');
  } catch {
    return null;
  }
}
