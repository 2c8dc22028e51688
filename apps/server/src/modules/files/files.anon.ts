import { createHash } from 'node:crypto';
import { ANON_UPLOAD_TTL_MS } from '@patio/core';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../http/errors';
import type { RateLimits } from '../../http/rate-limits';

// Signed-out uploads (spec §6: "an anonymous folder when not logged in"). The browser makes a random
// key, keeps it in sessionStorage and sends it as X-Upload-Key; only its SHA-256 is stored, so the
// database never holds what would let someone list another browser's files.

const keyPattern = /^[\x21-\x7e]{16,128}$/;

/** The stored form of the request's X-Upload-Key, or 400 `invalid_upload_key`. */
export function anonKeyOf(request: FastifyRequest): string {
  const key = request.headers['x-upload-key'];
  if (typeof key !== 'string' || !keyPattern.test(key)) {
    throw badRequest('invalid_upload_key', 'Signed-out uploads need an X-Upload-Key header of 16 to 128 visible ASCII characters');
  }
  return createHash('sha256').update(key).digest('hex');
}

/** Signed-out uploads are listed for a day at most, even before the expiry job removed them. */
export function anonCutoff(now = Date.now()): string {
  return new Date(now - ANON_UPLOAD_TTL_MS).toISOString();
}

/** Upload requests one client IP may send signed out per hour. */
export const ANON_UPLOADS_PER_HOUR = 20;
/** Files per signed-out upload request. */
export const ANON_FILES_PER_UPLOAD = 5;

/** Counts a signed-out upload of `ip` before its body is read, or throws 429 with Retry-After. */
export function makeAnonUploadLimiter(rateLimits: RateLimits): (ip: string) => Promise<void> {
  const limit = rateLimits('anon-uploads', ANON_UPLOADS_PER_HOUR, 3600, 'Too many uploads without signing in from this network.');
  return (ip) => limit.take(`ip:${ip}`);
}
