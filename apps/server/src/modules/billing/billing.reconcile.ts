import type { Database } from '../../db/database';
import { nowIso } from '../../db/database';
import { defineJob, type JobEnqueuer, type JobServices } from '../../platform/jobs/jobs';
import { paymentProviderFor, ProviderUnavailable, referenceOf, type ProviderName } from '../../platform/payments/providers';
import { findOrgById } from '../org/index';
import { applyReport } from './billing.payments.apply';
import { findPendingPayments, markPaymentChecked } from './billing.payments.queries';

// The recovery of a payment whose webhook never came or was never applied (a crash between the
// gateway's charge and our transaction, a gateway that gave up): for the school's payments still
// pending two minutes after they started, ask the gateway and apply its answer through the same
// function as the webhook. Starting a payment queues the school's job (by key, once per minute); a
// run queues the next while payments younger than three days stay pending, so an abandoned checkout
// stops being asked about.

export interface ReconcilePayload {
  orgId: number;
}

const MINUTE = 60_000;
/** A payment is asked about once it is this old: its webhook had time to come. */
export const RECONCILE_AFTER_MS = 2 * MINUTE;
/** Then again every this long while it stays pending. */
const RECONCILE_EVERY_MS = 5 * MINUTE;
/** After this it is no longer asked about (the payer left the checkout); a late webhook still applies it. */
const RECONCILE_FOR_MS = 3 * 24 * 60 * MINUTE;
const BATCH = 100;

export const reconcilePaymentsJob = defineJob<ReconcilePayload>({
  kind: 'billing.reconcile-payments',
  async handle({ orgId }, ctx) {
    const { open } = await reconcilePayments(ctx, orgId, new Date());
    if (open) await scheduleReconcile(ctx.db, ctx.jobs, orgId, new Date(Date.now() + RECONCILE_EVERY_MS - RECONCILE_AFTER_MS));
  },
});

/** Queues the school's reconcile run for the payments started at `startedAt` (one job per school and minute). */
export async function scheduleReconcile(db: Database, jobs: JobEnqueuer, orgId: number, startedAt: Date): Promise<void> {
  const runAt = new Date(Math.ceil((startedAt.getTime() + RECONCILE_AFTER_MS) / MINUTE) * MINUTE + 5000);
  await jobs.enqueue(db, reconcilePaymentsJob, { orgId }, { orgId, key: `billing.reconcile-payments:${orgId}:${runAt.toISOString().slice(0, 16)}`, runAt });
}

/**
 * Asks the gateways about the school's pending payments older than two minutes and applies their
 * answers; `open` says whether some stay pending (to ask again later).
 */
export async function reconcilePayments(services: Pick<JobServices, 'db' | 'config' | 'log'>, orgId: number, now: Date): Promise<{ asked: number; settled: number; open: boolean }> {
  const { db, config, log } = services;
  const org = await findOrgById(db, orgId);
  if (!org) return { asked: 0, settled: 0, open: false };
  const from = new Date(now.getTime() - RECONCILE_FOR_MS).toISOString();
  const due = await findPendingPayments(db, orgId, from, new Date(now.getTime() - RECONCILE_AFTER_MS).toISOString(), BATCH);
  let settled = 0;
  for (const payment of due) {
    const provider = paymentProviderFor(payment.provider as ProviderName, config, db);
    if (!provider) continue;
    try {
      const report = await provider.fetchStatus({ orgId, reference: referenceOf(org.code, payment.id), providerRef: payment.provider_ref });
      await markPaymentChecked(db, orgId, payment.id, nowIso());
      if (!report || report.status === 'pending') continue;
      const outcome = await applyReport(db, org, payment.provider as ProviderName, { ...report, reference: referenceOf(org.code, payment.id) }, JSON.stringify({ reconcile: report }));
      if (outcome.kind === 'applied' || outcome.kind === 'declined') settled += 1;
      if (outcome.kind === 'amount_mismatch') log.warn({ orgId, paymentId: payment.id, report }, 'gateway reports another amount for a payment: not applied');
    } catch (err) {
      // One gateway down leaves its payments for the next run; the others go on.
      if (!(err instanceof ProviderUnavailable)) throw err;
      log.warn({ orgId, paymentId: payment.id, err: err.message }, 'payment gateway unavailable: asked again later');
    }
  }
  if (settled > 0) log.info({ orgId, asked: due.length, settled }, 'pending payments reconciled with their gateways');
  const stillOpen = await findPendingPayments(db, orgId, from, now.toISOString(), 1);
  return { asked: due.length, settled, open: stillOpen.length > 0 };
}
