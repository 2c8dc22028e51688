import type { Database } from '../../db/database';

// The built-in sandbox gateway's own state (billing_sandbox_charges): what a real gateway keeps on
// its side. A charge is open until the payer picks an outcome, once.

export interface SandboxCharge {
  token: string;
  paymentId: number;
  amount: number;
  currency: string;
  outcome: 'approved' | 'declined' | null;
  completedAt: string | null;
  webhookSentAt: string | null;
}

export async function insertSandboxCharge(
  db: Database,
  orgId: number,
  charge: { token: string; paymentId: number; amount: number; currency: string; createdAt: string },
): Promise<void> {
  await db
    .insertInto('billing_sandbox_charges')
    .values({ org_id: orgId, token: charge.token, payment_id: charge.paymentId, amount: charge.amount, currency: charge.currency, created_at: charge.createdAt })
    .execute();
}

export async function findSandboxCharge(db: Database, orgId: number, token: string): Promise<SandboxCharge | null> {
  const row = await db.selectFrom('billing_sandbox_charges').selectAll().where('org_id', '=', orgId).where('token', '=', token).executeTakeFirst();
  if (!row) return null;
  return {
    token: row.token,
    paymentId: row.payment_id,
    amount: Number(row.amount),
    currency: row.currency,
    outcome: row.outcome === 'approved' || row.outcome === 'declined' ? row.outcome : null,
    completedAt: row.completed_at,
    webhookSentAt: row.webhook_sent_at,
  };
}

/** Records the payer's choice unless one was recorded already (a second submit changes nothing). */
export async function settleSandboxCharge(db: Database, orgId: number, token: string, outcome: 'approved' | 'declined', at: string): Promise<void> {
  await db
    .updateTable('billing_sandbox_charges')
    .set({ outcome, completed_at: at })
    .where('org_id', '=', orgId)
    .where('token', '=', token)
    .where('outcome', 'is', null)
    .execute();
}

export async function markSandboxWebhookSent(db: Database, orgId: number, token: string, at: string): Promise<void> {
  await db.updateTable('billing_sandbox_charges').set({ webhook_sent_at: at }).where('org_id', '=', orgId).where('token', '=', token).execute();
}
