import type { IncomingHttpHeaders } from 'node:http';
import type { PaymentStatus } from '@patio/core';
import { nowIso } from '../../db/database';
import type { RequestContext } from '../../http/context';
import { HttpError } from '../../http/errors';
import { isProviderName, paymentProviderFor } from '../../platform/payments/providers';
import { applyReport, loggedBody } from './billing.payments.apply';
import { insertWebhookEvent } from './billing.payments.queries';

// POST billing/providers/{provider}/webhook: a gateway's notification, read from its raw bytes (the
// signature covers them, not a re-serialised body). Refused notifications change nothing and are
// logged (verified 0) for support; accepted ones go through applyReport, idempotent by construction.

const unknownProvider = () => new HttpError(404, 'not_found', 'There is no such payment provider here');
const refusals: Record<string, HttpError> = {
  invalid_signature: new HttpError(401, 'invalid_signature', 'The notification is not signed by the payment provider'),
  invalid_body: new HttpError(400, 'invalid_notification', 'The notification is signed but cannot be read'),
  unsupported_event: new HttpError(400, 'unsupported_event', 'This kind of notification is not handled'),
};

export async function receiveWebhook(ctx: RequestContext, providerName: string, rawBody: Buffer, headers: IncomingHttpHeaders): Promise<{ received: true; status: PaymentStatus }> {
  if (!isProviderName(providerName)) throw unknownProvider();
  const provider = paymentProviderFor(providerName, ctx.services.config, ctx.db);
  if (!provider) throw unknownProvider();
  const body = rawBody.toString('utf8');
  const verdict = await provider.verifyWebhook(rawBody, headers);
  if (!verdict.ok) {
    await insertWebhookEvent(ctx.db, { orgId: ctx.org.id, provider: providerName, paymentId: null, verified: false, outcome: verdict.reason, body: loggedBody(body), receivedAt: nowIso() });
    throw refusals[verdict.reason] ?? refusals.invalid_signature;
  }
  const outcome = await applyReport(ctx.db, ctx.org, providerName, verdict.report, body);
  if (outcome.kind === 'payment_not_found') throw new HttpError(404, 'payment_not_found', 'No payment of this school has that reference');
  if (outcome.kind === 'amount_mismatch') throw new HttpError(400, 'amount_mismatch', 'The provider reports another amount or currency than the payment asked for: nothing was applied');
  return { received: true, status: outcome.status };
}
