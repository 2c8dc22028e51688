import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { Database } from '../../db/database';
import type { PaymentProvider, ProviderReport, WebhookVerdict } from './payments';
import { findSandboxCharge, insertSandboxCharge, type SandboxCharge } from './sandbox.queries';

// The built-in sandbox gateway (decision 019): its checkout is a page of our own server, its state a
// table of our database, and it notifies the way real gateways do, with a signed webhook:
// `X-Sandbox-Signature: t=<epoch seconds>,v1=<hex HMAC-SHA256 of "{t}.{raw body}">`, keyed by a
// secret derived from the server's JWT secret. A signature older than five minutes is refused, so a
// captured notification cannot be replayed later.

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
/** How old (or how far ahead) a signature's timestamp may be. */
export const SANDBOX_TOLERANCE_SECONDS = 300;

/** The body the sandbox posts to the webhook. */
export interface SandboxNotice {
  type: 'charge.completed';
  reference: string;
  token: string;
  status: 'approved' | 'declined';
  amount: number;
  currency: string;
}

/** The sandbox's signing key: the server's secret, narrowed to this one use. */
export function sandboxSecretOf(jwtSecret: Uint8Array): Buffer {
  return createHmac('sha256', jwtSecret).update('patio sandbox payment webhooks v1').digest();
}

/** The X-Sandbox-Signature value of `rawBody` at `timestamp` (epoch seconds). */
export function signSandboxBody(secret: Buffer, rawBody: Buffer | string, timestamp: number): string {
  const mac = createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
  return `t=${timestamp},v1=${mac}`;
}

/** True when `header` signs `rawBody` with `secret` at a time within the tolerance of `now` (epoch seconds). */
export function isValidSandboxSignature(secret: Buffer, rawBody: Buffer, header: string | undefined, now: number): boolean {
  if (!header || header.length > 200) return false;
  const parts = new Map(header.split(',').map((part) => part.trim().split('=', 2) as [string, string | undefined]));
  const t = parts.get('t');
  const v1 = parts.get('v1');
  if (!t || !/^[0-9]{1,12}$/.test(t) || !v1 || !/^[0-9a-f]{64}$/.test(v1)) return false;
  if (Math.abs(now - Number(t)) > SANDBOX_TOLERANCE_SECONDS) return false;
  const expected = createHmac('sha256', secret).update(`${t}.`).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(v1, 'hex'));
}

/** The body of the notice of a settled charge, as the sandbox sends it. */
export function sandboxNoticeOf(charge: SandboxCharge, reference: string): SandboxNotice {
  if (!charge.outcome) throw new Error('A sandbox charge is notified once the payer chose an outcome');
  return { type: 'charge.completed', reference, token: charge.token, status: charge.outcome, amount: charge.amount, currency: charge.currency };
}

function readNotice(rawBody: Buffer): SandboxNotice | null {
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return null;
  }
  if (typeof body !== 'object' || body === null) return null;
  const b = body as Record<string, unknown>;
  const ok =
    b.type === 'charge.completed' &&
    typeof b.reference === 'string' &&
    typeof b.token === 'string' &&
    (b.status === 'approved' || b.status === 'declined') &&
    Number.isSafeInteger(b.amount) &&
    typeof b.currency === 'string';
  return ok ? (b as unknown as SandboxNotice) : null;
}

/** The sandbox gateway, its charges kept in `db` (a transaction's, when a payment is being written). */
export function createSandboxProvider(db: Database, secret: Buffer, now: () => number = () => Math.floor(Date.now() / 1000)): PaymentProvider {
  return {
    name: 'sandbox',
    async createCheckout(request) {
      const token = randomBytes(24).toString('base64url');
      await insertSandboxCharge(db, request.orgId, { token, paymentId: request.paymentId, amount: request.amount, currency: request.currency, createdAt: new Date().toISOString() });
      const checkoutUrl = `${request.origin}/api/${encodeURIComponent(request.orgCode)}/billing/providers/sandbox/checkout/${token}`;
      return { checkoutUrl, providerRef: token };
    },
    async verifyWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): Promise<WebhookVerdict> {
      const header = headers[SANDBOX_SIGNATURE_HEADER];
      if (!isValidSandboxSignature(secret, rawBody, typeof header === 'string' ? header : undefined, now())) return { ok: false, reason: 'invalid_signature' };
      const notice = readNotice(rawBody);
      if (!notice) return { ok: false, reason: 'invalid_body' };
      return { ok: true, report: { reference: notice.reference, providerRef: notice.token, status: notice.status, amount: notice.amount, currency: notice.currency } };
    },
    async fetchStatus({ orgId, reference, providerRef }): Promise<ProviderReport | null> {
      if (!providerRef) return null;
      const charge = await findSandboxCharge(db, orgId, providerRef);
      if (!charge) return null;
      return { reference, providerRef, status: charge.outcome ?? 'pending', amount: charge.amount, currency: charge.currency };
    },
  };
}
