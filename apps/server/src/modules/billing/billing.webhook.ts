import type { IncomingHttpHeaders } from 'node:http';
import type { PaymentStatus } from '@patio/core';
import { nowIso } from '../../db/database';
import type { RequestContext } from '../../http/context';
import { HttpError } from '../../http/errors';
import { isProviderName, paymentProviderFor } from '../../platform/payments/providers';
import { applyReport } from './billing.payments.apply';
import { countWebhookRefusal } from './billing.payments.queries';
import { webhookLimiterOf } from './billing.webhook.limiter';

// POST billing/providers/{provider}/webhook: a gateway's notification, read from its raw bytes (the
// signature covers them, not a re-serialised body). Anyone may send one, so a refused notification (bad
// signature, unreadable, a reference that is no payment of the school) changes nothing and keeps
// nothing but a counter per school, provider and reason: its body is someone else's text. Accepted
// ones go through applyReport, idempotent by construction, and are logged with their body for support.
// The route's size limit and the per-IP limiter (billing.webhook.limiter.ts) bound what a sender costs.

const unknownProvider = () => new HttpError(404, 'not_found', 'There is no such payment provider here');
const refusals: Record<string, HttpError> = {
  invalid_signature: new HttpError(401, 'invalid_signature', 'The notification is not signed by the payment provider'),
  invalid_body: new HttpError(400, 'invalid_notification', 'The notification is signed but cannot be read'),
  unsupported_event: new HttpError(400, 'unsupported_event', 'This kind of notification is not handled'),
  payment_not_found: new HttpError(404, 'payment_not_found', 'No payment of this school has that reference'),
};

export async function receiveWebhook(
  ctx: RequestContext,
  providerName: string,
  rawBody: Buffer,
  headers: IncomingHttpHeaders,
  ip: string,
): Promise<{ received: true; status: PaymentStatus }> {
  if (!isProviderName(providerName)) throw unknownProvider();
  const provider = paymentProviderFor(providerName, ctx.services.config, ctx.db);
  if (!provider) throw unknownProvider();
  const refuse = async (reason: string) => {
    await webhookLimiterOf(ctx.services).refused(ip);
    const known = reason in refusals ? reason : 'invalid_signature';
    await countWebhookRefusal(ctx.db, { orgId: ctx.org.id, provider: providerName, reason: known, at: nowIso() });
    return refusals[known];
  };
  const verdict = await provider.verifyWebhook(rawBody, headers);
  if (!verdict.ok) throw await refuse(verdict.reason);
  const outcome = await applyReport(ctx.db, ctx.org, providerName, verdict.report, rawBody.toString('utf8'));
  if (outcome.kind === 'payment_not_found') throw await refuse('payment_not_found');
  if (outcome.kind === 'amount_mismatch') throw new HttpError(400, 'amount_mismatch', 'The provider reports another amount or currency than the payment asked for: nothing was applied');
  return { received: true, status: outcome.status };
}
