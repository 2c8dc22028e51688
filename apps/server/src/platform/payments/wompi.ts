import { createHash, timingSafeEqual } from 'node:crypto';
import { minorDigits } from '@patio/core';
import type { PaymentProvider, ProviderReport, ProviderStatus, WebhookVerdict } from './payments';
import { ProviderUnavailable } from './payments';
import type { WompiSettings } from './payment-settings';

// Wompi (docs.wompi.co, Colombia): "Widget & Checkout Web" and "Eventos".
// - Web checkout: GET https://checkout.wompi.co/p/ with public-key, currency, amount-in-cents,
//   reference, redirect-url and signature:integrity = SHA-256 hex of
//   reference + amount-in-cents + currency + integrity secret.
// - Events: a POST of JSON {event, data: {transaction}, signature: {properties, checksum}, timestamp};
//   checksum = SHA-256 of the values of `properties` (paths inside `data`), then `timestamp`, then the
//   events secret (also sent as the X-Event-Checksum header). Wompi retries an event for 24 hours, so
//   the timestamp is not held to a short window here: applying a payment is idempotent anyway.
// - Status: GET {api}/transactions?reference=… with the private key (the reconcile job).

const TIMEOUT_MS = 10_000;

/** Wompi counts in cents whatever the currency; our COP minor unit is the whole peso. */
export function toWompiCents(minor: number, currency: string): number {
  const digits = minorDigits(currency);
  if (digits > 2) throw new ProviderUnavailable(`Wompi cannot charge ${currency}`);
  return minor * 10 ** (2 - digits);
}

/** Cents → our minor units (a fraction when Wompi charged a part of our unit: it will not match, as it should not). */
export function fromWompiCents(cents: number, currency: string): number {
  return cents / 10 ** (2 - Math.min(2, minorDigits(currency)));
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** signature:integrity of a checkout. */
export function wompiIntegrity(reference: string, amountInCents: number, currency: string, integritySecret: string): string {
  return sha256(`${reference}${amountInCents}${currency}${integritySecret}`);
}

/** The checksum an event must carry. */
export function wompiChecksum(data: unknown, properties: string[], timestamp: number | string, eventsSecret: string): string {
  const values = properties.map((path) => {
    const value = path.split('.').reduce<unknown>((at, key) => (at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined), data);
    return value === undefined || value === null ? '' : String(value);
  });
  return sha256(`${values.join('')}${timestamp}${eventsSecret}`);
}

/** Wompi's final and interim statuses in ours: VOIDED and ERROR took no money. */
export function statusOfWompi(status: unknown): ProviderStatus {
  if (status === 'APPROVED') return 'approved';
  if (status === 'DECLINED' || status === 'VOIDED' || status === 'ERROR') return 'declined';
  return 'pending';
}

interface WompiTransaction {
  id?: unknown;
  reference?: unknown;
  status?: unknown;
  amount_in_cents?: unknown;
  currency?: unknown;
}

function reportOf(transaction: WompiTransaction): ProviderReport | null {
  if (typeof transaction.reference !== 'string' || typeof transaction.currency !== 'string' || !Number.isSafeInteger(transaction.amount_in_cents)) return null;
  return {
    reference: transaction.reference,
    providerRef: transaction.id === undefined || transaction.id === null ? null : String(transaction.id),
    status: statusOfWompi(transaction.status),
    amount: fromWompiCents(transaction.amount_in_cents as number, transaction.currency),
    currency: transaction.currency,
  };
}

function equalHex(a: string, b: string): boolean {
  const x = Buffer.from(a.toLowerCase(), 'utf8');
  const y = Buffer.from(b.toLowerCase(), 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

export function createWompiProvider(settings: WompiSettings, fetchImpl: typeof fetch = fetch): PaymentProvider {
  return {
    name: 'wompi',
    async createCheckout(request) {
      const cents = toWompiCents(request.amount, request.currency);
      const query = new URLSearchParams({
        'public-key': settings.publicKey,
        currency: request.currency,
        'amount-in-cents': String(cents),
        reference: request.reference,
        'signature:integrity': wompiIntegrity(request.reference, cents, request.currency, settings.integritySecret),
        'redirect-url': request.returnUrl,
      });
      return { checkoutUrl: `${settings.checkoutUrl}?${query}`, providerRef: null };
    },
    async verifyWebhook(rawBody, headers): Promise<WebhookVerdict> {
      let event: { event?: unknown; data?: { transaction?: WompiTransaction }; signature?: { properties?: unknown; checksum?: unknown }; timestamp?: unknown };
      try {
        event = JSON.parse(rawBody.toString('utf8'));
      } catch {
        return { ok: false, reason: 'invalid_signature' };
      }
      const properties = event?.signature?.properties;
      const header = headers['x-event-checksum'];
      const checksum = typeof event?.signature?.checksum === 'string' ? event.signature.checksum : typeof header === 'string' ? header : '';
      const timestamp = event?.timestamp;
      const readable =
        Array.isArray(properties) && properties.length > 0 && properties.every((p) => typeof p === 'string') && /^[0-9a-fA-F]{64}$/.test(checksum) && (typeof timestamp === 'number' || typeof timestamp === 'string');
      if (!readable || !equalHex(wompiChecksum(event.data, properties as string[], timestamp as number, settings.eventsSecret), checksum)) {
        return { ok: false, reason: 'invalid_signature' };
      }
      if (event.event !== 'transaction.updated') return { ok: false, reason: 'unsupported_event' };
      const report = event.data?.transaction ? reportOf(event.data.transaction) : null;
      return report ? { ok: true, report } : { ok: false, reason: 'invalid_body' };
    },
    async fetchStatus({ reference }) {
      if (!settings.privateKey) return null;
      let response: Response;
      try {
        response = await fetchImpl(`${settings.apiUrl}/transactions?reference=${encodeURIComponent(reference)}`, {
          headers: { authorization: `Bearer ${settings.privateKey}`, accept: 'application/json' },
          redirect: 'error',
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch {
        throw new ProviderUnavailable('Wompi could not be reached');
      }
      if (!response.ok) {
        await response.arrayBuffer().catch(() => undefined);
        throw new ProviderUnavailable(`Wompi answered ${response.status}`);
      }
      const body = (await response.json().catch(() => null)) as { data?: WompiTransaction[] } | null;
      const reports = (Array.isArray(body?.data) ? body.data : []).map(reportOf).filter((r): r is ProviderReport => r !== null && r.reference === reference);
      // Several attempts may share a reference: one approved is the payment; else any still open keeps it pending.
      return reports.find((r) => r.status === 'approved') ?? reports.find((r) => r.status === 'pending') ?? reports[0] ?? null;
    },
  };
}
