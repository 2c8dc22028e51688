import { ZApiError, ZPayment, ZPaymentStarted, ZSandboxOutcome, ZWebhookReceived } from '@patio/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../http/errors';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { isSandboxConfigured } from '../../platform/payments/providers';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors, fileAnswer, fileField, mime } from '../../http/schemas';
import { getPayment, idempotencyKeyOf, startPayment } from './billing.payments';
import { paymentPolicies as p } from './billing.payments.policy';
import { checkoutPage, findSandboxCheckout, notifySandboxCharge, returnPathOf, settleSandboxCheckout, unknownCheckoutPage } from './billing.sandbox';
import { receiveWebhook } from './billing.webhook';
import { webhookLimiterOf } from './billing.webhook.limiter';
import { z } from 'zod';

/** A gateway's notification is a few kilobytes; anything past this is not one (413). */
export const WEBHOOK_BODY_LIMIT = 64 * 1024;

/** The sandbox's pages exist only on a server whose configured provider it is: elsewhere 404, as if never routed. */
function requireSandbox(request: FastifyRequest): void {
  if (!isSandboxConfigured(contextOf(request).services.config.payments)) throw notFound('There is no such page');
}

/** A link that never was: a page for a browser, the usual error for an API client. */
function sendUnknownCheckout(request: FastifyRequest, reply: FastifyReply) {
  if (!(request.headers.accept ?? '').includes('text/html')) throw notFound('There is no such payment link');
  return reply.code(404).type('text/html; charset=utf-8').send(unknownCheckoutPage());
}

/** The 404 of a link that never was, for the OpenAPI document (sendUnknownCheckout). */
const unknownCheckoutAnswer = {
  description: 'No such payment link: a page for a browser (Accept: text/html), else the usual error',
  content: { [mime.html]: { schema: z.string() }, 'application/json': { schema: ZApiError } },
};

/** Online payments of debits, the sandbox gateway's checkout and the gateways' webhooks, under /api/{org}/ (issue 14). */
export async function billingPaymentRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['billing'];

  r.route({
    ...routeOf(p.startPayment),
    schema: {
      tags,
      summary: "Pay a debit online: its balance today, at the school's gateway",
      description:
        'Requires an `Idempotency-Key` header (up to 200 characters; 400 `idempotency_key_required`): the same payer and key answer the same payment (200, same body), never a second charge; the key on another debit is 409 `idempotency_key_reused`. A debit has at most one open payment: while one is pending, a submit under any other key (another tab, the other parent) answers that payment (200) instead of starting a second charge. The amount is the balance the server computes today (a body is ignored). 409 `debit_paid` for a paid debit; 409 `payments_unavailable` when the school takes no online payments (a production server without PAYMENT_PROVIDER). Send the payer to `checkoutUrl`; they come back to `/billing/debits/{id}?payment={paymentId}`, where GET billing/payments/{id} tells the outcome. The student, their relatives and billing staff.',
      params: paramsOf(p.startPayment),
      response: { 200: ZPaymentStarted, 201: ZPaymentStarted, ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request, reply) => {
      const key = idempotencyKeyOf(request.headers['idempotency-key']);
      const { created, payment } = await startPayment(contextOf(request), request.params.id, key);
      return reply.code(created ? 201 : 200).send(payment);
    },
  });

  r.route({
    ...routeOf(p.readPayment),
    schema: {
      tags,
      summary: 'One online payment: pending, approved (with its credit) or declined',
      description: 'Its payer, the student, their relatives and billing staff. The debit screen polls it after the payer returns from the gateway.',
      params: paramsOf(p.readPayment),
      response: { 200: ZPayment, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => getPayment(contextOf(request), request.params.id),
  });

  r.route({
    ...routeOf(p.sandboxCheckout),
    schema: {
      tags,
      summary: 'The sandbox gateway: its checkout page (HTML)',
      description: 'A page that plays an external gateway: the school, the amount and two buttons, approve or decline. A link that never was: a 404 page for a browser (Accept: text/html), else the usual 404 error. No sign-in: the link is the secret.',
      params: paramsOf(p.sandboxCheckout),
      response: { 200: fileAnswer('The checkout page', mime.html), 404: unknownCheckoutAnswer },
    },
    handler: async (request, reply) => {
      requireSandbox(request);
      const checkout = await findSandboxCheckout(contextOf(request), request.params.token);
      if (!checkout) return sendUnknownCheckout(request, reply);
      return reply.type('text/html; charset=utf-8').header('referrer-policy', 'no-referrer').send(checkoutPage(contextOf(request), checkout));
    },
  });

  r.route({
    ...routeOf(p.sandboxComplete),
    schema: {
      tags,
      summary: 'The sandbox gateway: the payer approves or declines',
      description:
        'Form field `outcome=approved|declined`. The charge is settled once (a second submit keeps the first outcome), our webhook is notified with a signed request the way a real gateway would, and the payer is sent back (303) to `/billing/debits/{debitId}?payment={paymentId}`.',
      params: paramsOf(p.sandboxComplete),
      consumes: ['application/x-www-form-urlencoded', 'application/json'],
      body: ZSandboxOutcome,
      response: { 303: z.undefined().describe('Back to the debit (Location)'), ...errors(400), 404: unknownCheckoutAnswer },
    },
    handler: async (request, reply) => {
      requireSandbox(request);
      const ctx = contextOf(request);
      const checkout = await findSandboxCheckout(ctx, request.params.token);
      if (!checkout) return sendUnknownCheckout(request, reply);
      const charge = await settleSandboxCheckout(ctx, checkout, request.body.outcome);
      if (!charge.webhookSentAt) await notifySandboxCharge(app, ctx, charge);
      return reply.code(303).header('location', returnPathOf(checkout.payment)).send(undefined);
    },
  });

  // The webhook reads its body as bytes, whatever its type: gateways sign the bytes they send. Its
  // sender is limited by IP before the body is read (the limiter runs on the request, not the body).
  await app.register(async (raw) => {
    raw.addHook('onRequest', async (request) => webhookLimiterOf(request.server.patio).admit(request.ip));
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));
    raw.withTypeProvider<ZodTypeProvider>().route({
      ...routeOf(p.webhook),
      schema: {
        tags,
        summary: "A payment gateway's notification",
        description:
          'No sign-in: the provider\'s signature is checked over the raw body (sandbox: `X-Sandbox-Signature: t=…,v1=…`; Wompi: the event checksum; tuCompra: `firmaTuCompra`). Refused, nothing applied and nothing kept but a counter: 401 `invalid_signature`, 400 `invalid_notification` / `unsupported_event`, 404 `payment_not_found`. 400 `amount_mismatch` (signed, for a known payment: nothing applied, logged for support). At most 64 KiB (413) and a per-IP rate (429 `too_many_attempts` with Retry-After; refused notifications count more). Idempotent: a payment is applied once however often, late or early the notification comes. An unknown provider, or one not configured on this server (the sandbox anywhere it is not PAYMENT_PROVIDER): 404.',
        params: paramsOf(p.webhook),
        documentedBody: { '*/*': fileField("The gateway's notification, as it sent it (its signature covers these bytes)") },
        response: { 200: ZWebhookReceived, ...errors(400, 401, 404, 413, 429) },
      },
      handler: async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return receiveWebhook(contextOf(request), request.params.provider, body, request.headers, request.ip);
      },
    });
  });
}
