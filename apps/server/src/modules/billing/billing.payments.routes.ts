import { ZPayment, ZPaymentStarted, ZSandboxOutcome, ZWebhookReceived } from '@patio/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../http/errors';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors } from '../../http/schemas';
import { getPayment, idempotencyKeyOf, startPayment } from './billing.payments';
import { paymentPolicies as p } from './billing.payments.policy';
import { checkoutPage, findSandboxCheckout, notifySandboxCharge, returnPathOf, settleSandboxCheckout, unknownCheckoutPage } from './billing.sandbox';
import { receiveWebhook } from './billing.webhook';

/** A gateway's notification is a few kilobytes; anything past this is not one. */
const WEBHOOK_BODY_LIMIT = 64 * 1024;

/** A link that never was: a page for a browser, the usual error for an API client. */
function sendUnknownCheckout(request: FastifyRequest, reply: FastifyReply) {
  if (!(request.headers.accept ?? '').includes('text/html')) throw notFound('There is no such payment link');
  return reply.code(404).type('text/html; charset=utf-8').send(unknownCheckoutPage());
}

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
        'Requires an `Idempotency-Key` header (up to 200 characters; 400 `idempotency_key_required`): the same payer and key answer the same payment (200, same body), never a second charge; the key on another debit is 409 `idempotency_key_reused`. The amount is the balance the server computes today (a body is ignored). 409 `debit_paid` for a paid debit. Send the payer to `checkoutUrl`; they come back to `/billing/debits/{id}?payment={paymentId}`, where GET billing/payments/{id} tells the outcome. The student, their relatives and billing staff.',
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
    },
    handler: async (request, reply) => {
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
      body: ZSandboxOutcome,
    },
    handler: async (request, reply) => {
      const ctx = contextOf(request);
      const checkout = await findSandboxCheckout(ctx, request.params.token);
      if (!checkout) return sendUnknownCheckout(request, reply);
      const charge = await settleSandboxCheckout(ctx, checkout, request.body.outcome);
      if (!charge.webhookSentAt) await notifySandboxCharge(app, ctx, charge);
      return reply.code(303).header('location', returnPathOf(checkout.payment)).send();
    },
  });

  // The webhook reads its body as bytes, whatever its type: gateways sign the bytes they send.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));
    raw.withTypeProvider<ZodTypeProvider>().route({
      ...routeOf(p.webhook),
      schema: {
        tags,
        summary: "A payment gateway's notification",
        description:
          'No sign-in: the provider\'s signature is checked over the raw body (sandbox: `X-Sandbox-Signature: t=…,v1=…`; Wompi: the event checksum; tuCompra: `firmaTuCompra`). 401 `invalid_signature` (nothing applied, logged), 404 `payment_not_found`, 400 `amount_mismatch` (nothing applied). Idempotent: a payment is applied once however often, late or early the notification comes. Unknown provider: 404.',
        params: paramsOf(p.webhook),
        response: { 200: ZWebhookReceived, ...errors(400, 401, 404, 413) },
      },
      handler: async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return receiveWebhook(contextOf(request), request.params.provider, body, request.headers);
      },
    });
  });
}
