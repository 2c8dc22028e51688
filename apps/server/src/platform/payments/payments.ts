import type { IncomingHttpHeaders } from 'node:http';

// The payments platform's contract (docs/decisions/019-billing-ledger.md "Providers"): one interface
// for the built-in sandbox and the real gateways, so billing starts, verifies and reconciles a payment
// the same way whoever charges it. Amounts are integer minor units of the payment's currency; each
// adapter converts to what its gateway counts in.

/** A gateway's name, as stored on billing_payments.provider. */
export type ProviderName = 'sandbox' | 'wompi' | 'tucompra';

/** What a gateway says about a charge. Anything that is not yet final is `pending`. */
export type ProviderStatus = 'approved' | 'declined' | 'pending';

/** The payment a checkout is opened for. */
export interface CheckoutRequest {
  orgId: number;
  orgCode: string;
  paymentId: number;
  /** Our reference, unique across schools (referenceOf): the gateway echoes it back. */
  reference: string;
  amount: number;
  currency: string;
  /** What the payer sees at the gateway (the debit's period and student). */
  description: string;
  /** `<scheme>://<host>` of the server (PUBLIC_URL or the request's). */
  origin: string;
  /** Where the gateway sends the payer back (absolute). */
  returnUrl: string;
}

export interface Checkout {
  checkoutUrl: string;
  /** The gateway's id of the charge when it is known at once (the sandbox's token); else null until it reports. */
  providerRef: string | null;
}

/** A charge as a gateway reports it (webhook or status query). */
export interface ProviderReport {
  /** Our reference (CheckoutRequest.reference). */
  reference: string;
  providerRef: string | null;
  status: ProviderStatus;
  /** What was charged, in minor units of `currency`. */
  amount: number;
  currency: string;
}

/** The outcome of checking a webhook: a verified report, or why it was refused (nothing may be applied). */
export type WebhookVerdict = { ok: true; report: ProviderReport } | { ok: false; reason: string };

/** What billing knows of a payment when it asks the gateway again (the reconcile job). */
export interface StatusQuery {
  orgId: number;
  reference: string;
  providerRef: string | null;
}

/** One gateway. */
export interface PaymentProvider {
  readonly name: ProviderName;
  /** Opens a checkout for the payment: where to send the payer. */
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /** Checks a notification's signature over its raw bytes (never a re-serialised body) and reads it. */
  verifyWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): Promise<WebhookVerdict>;
  /** Asks the gateway about a charge; null when it knows nothing of it (yet), or cannot be asked. */
  fetchStatus(query: StatusQuery): Promise<ProviderReport | null>;
}

/** The references we give gateways: the school's code and the payment id, so one merchant account may serve several schools. */
export function referenceOf(orgCode: string, paymentId: number): string {
  return `patio-${orgCode}-${paymentId}`;
}

/** The payment id inside one of our references of this school, or null (another school's, or not ours). */
export function paymentIdOf(reference: string, orgCode: string): number | null {
  const prefix = `patio-${orgCode}-`;
  if (!reference.startsWith(prefix)) return null;
  const id = reference.slice(prefix.length);
  return /^[1-9][0-9]{0,9}$/.test(id) && Number(id) <= 2_147_483_647 ? Number(id) : null;
}

/** A gateway that could not be reached or answered nonsense: the caller may try again later. */
export class ProviderUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderUnavailable';
  }
}
