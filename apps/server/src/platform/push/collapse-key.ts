import { createHash } from 'node:crypto';

// A message resent after a crash carries the same idempotency key; pushed under a collapse key derived
// from it, the push service (and the device) replaces the first copy instead of showing two.

/** Web Push `Topic` (RFC 8030 §5.4: at most 32 base64url characters). */
export function topicFor(idempotencyKey: string): string {
  return createHash('sha256').update(idempotencyKey).digest('base64url').slice(0, 32);
}

/** APNs `apns-collapse-id` and FCM `collapse_key` (APNs: at most 64 bytes). */
export function collapseIdFor(idempotencyKey: string): string {
  return createHash('sha256').update(idempotencyKey).digest('base64url');
}
