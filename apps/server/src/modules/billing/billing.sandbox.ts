import { formatMinor } from '@patio/core';
import type { FastifyInstance } from 'fastify';
import { nowIso } from '../../db/database';
import type { RequestContext } from '../../http/context';
import { referenceOf } from '../../platform/payments/providers';
import { sandboxNoticeOf, sandboxSecretOf, SANDBOX_SIGNATURE_HEADER, signSandboxBody } from '../../platform/payments/sandbox';
import { findSandboxCharge, markSandboxWebhookSent, settleSandboxCharge, type SandboxCharge } from '../../platform/payments/sandbox.queries';
import { findPayment, type PaymentRow } from './billing.payments.queries';

// The sandbox gateway's checkout page (decision 019): it plays an external payment site, so it is
// plain HTML of its own (no script: the CSP allows none inline) with one form and two buttons. POST
// settles the charge once (a second submit answers the outcome chosen first), then notifies our
// webhook exactly as a gateway would: a signed request through the whole HTTP stack (app.inject: it
// needs no listening port, so it works in tests and behind any proxy), then sends the payer back.

const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

export interface SandboxCheckout {
  charge: SandboxCharge;
  payment: PaymentRow;
}

/** The charge behind a checkout link and its payment, or null for a link that never was. */
export async function findSandboxCheckout(ctx: RequestContext, token: string): Promise<SandboxCheckout | null> {
  if (!TOKEN.test(token)) return null;
  const charge = await findSandboxCharge(ctx.db, ctx.org.id, token);
  const payment = charge && (await findPayment(ctx.db, ctx.org.id, charge.paymentId));
  return charge && payment && payment.provider === 'sandbox' ? { charge, payment } : null;
}

/** Where the payer goes back to: the debit, which polls the payment. */
export const returnPathOf = (payment: PaymentRow) => `/billing/debits/${payment.debit_id}?payment=${payment.id}`;

/** Settles the charge with `outcome` unless it was settled already; answers the charge as it stands. */
export async function settleSandboxCheckout(ctx: RequestContext, checkout: SandboxCheckout, outcome: 'approved' | 'declined'): Promise<SandboxCharge> {
  await settleSandboxCharge(ctx.db, ctx.org.id, checkout.charge.token, outcome, nowIso());
  return (await findSandboxCharge(ctx.db, ctx.org.id, checkout.charge.token))!;
}

/**
 * Posts the signed notice of a settled charge to POST billing/providers/sandbox/webhook of the same
 * school and records that it went out (once answered 200). A failure is left to the reconcile job.
 */
export async function notifySandboxCharge(app: FastifyInstance, ctx: RequestContext, charge: SandboxCharge): Promise<boolean> {
  const body = JSON.stringify(sandboxNoticeOf(charge, referenceOf(ctx.org.code, charge.paymentId)));
  const signature = signSandboxBody(sandboxSecretOf(ctx.services.config.jwtSecret), body, Math.floor(Date.now() / 1000));
  const response = await app.inject({
    method: 'POST',
    url: `/api/${encodeURIComponent(ctx.org.code)}/billing/providers/sandbox/webhook`,
    headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
    payload: body,
  });
  if (response.statusCode !== 200) {
    app.log.warn({ orgId: ctx.org.id, paymentId: charge.paymentId, status: response.statusCode }, 'sandbox webhook not accepted: the reconcile job will apply the charge');
    return false;
  }
  await markSandboxWebhookSent(ctx.db, ctx.org.id, charge.token, nowIso());
  return true;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;background:#f4f5f7;color:#1d2330;margin:0}
main{max-width:26rem;margin:3rem auto;background:#fff;border-radius:12px;padding:2rem;box-shadow:0 2px 12px #0002}
.tag{display:inline-block;background:#fff3bf;color:#5c4400;border-radius:6px;padding:.2rem .6rem;font-weight:600}
.amount{font-size:2rem;font-weight:700;margin:.5rem 0}
form{display:flex;gap:.75rem;margin-top:1.5rem}button{flex:1;font:inherit;padding:.75rem;border-radius:8px;border:0;cursor:pointer}
.approve{background:#2b8a3e;color:#fff}.decline{background:#e9ecef;color:#1d2330}a{color:#1c6fa8}`;

function page(title: string, content: string): string {
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escape(title)}</title><style>${STYLE}</style></head><body><main>${content}</main></body></html>`;
}

/** The checkout page: the school, the amount, and the two outcomes (or the outcome already chosen). */
export function checkoutPage(ctx: RequestContext, { charge, payment }: SandboxCheckout): string {
  const amount = formatMinor(charge.amount, charge.currency);
  const head = `<p class="tag">Sandbox — no real money · sin dinero real</p><h1>${escape(ctx.org.title)}</h1><p>Pago / Payment #${payment.id}</p><p class="amount">${escape(amount)}</p>`;
  if (charge.outcome) {
    const said = charge.outcome === 'approved' ? 'Pago aprobado / Payment approved' : 'Pago rechazado / Payment declined';
    return page('Sandbox checkout', `${head}<p><strong>${said}</strong></p><p><a href="${escape(returnPathOf(payment))}">Volver a Patio / Back to Patio</a></p>`);
  }
  return page(
    'Sandbox checkout',
    `${head}<p>Elija el resultado de este pago de prueba. / Choose how this test payment ends.</p><form method="post"><button class="approve" type="submit" name="outcome" value="approved">Aprobar / Approve</button><button class="decline" type="submit" name="outcome" value="declined">Rechazar / Decline</button></form>`,
  );
}

export function unknownCheckoutPage(): string {
  return page('Sandbox checkout', '<p class="tag">Sandbox — no real money · sin dinero real</p><h1>Enlace de pago desconocido</h1><p>This payment link does not exist. / Este enlace de pago no existe.</p>');
}
