import type { Database } from '../../db/database';
import { scopedToOrg } from '../../db/scope';

// The SQL of refunds (billing.refunds.ts holds the rules): approved online payments their debit could
// not take, waiting for treasury.

export async function insertRefund(
  trx: Database,
  r: { orgId: number; paymentId: number; creditId: number; personId: number; debitId: number; amount: number; currency: string; createdAt: string },
): Promise<void> {
  await trx
    .insertInto('billing_refunds')
    .values({ org_id: r.orgId, payment_id: r.paymentId, credit_id: r.creditId, person_id: r.personId, debit_id: r.debitId, amount: r.amount, currency: r.currency, created_at: r.createdAt })
    .onConflict((oc) => oc.columns(['org_id', 'payment_id']).doNothing())
    .execute();
}

const refundColumns = ['r.id', 'r.payment_id', 'r.credit_id', 'c.sequence as credit_sequence', 'r.debit_id', 'r.person_id', 'r.amount', 'r.currency', 'r.created_at', 'r.done_at', 'r.done_by', 'r.note'] as const;

function refundsOf(db: Database, orgId: number) {
  return db
    .selectFrom('billing_refunds as r')
    .innerJoin('billing_credits as c', (j) => j.onRef('c.org_id', '=', 'r.org_id').onRef('c.id', '=', 'r.credit_id'))
    .where(scopedToOrg(orgId, 'r'));
}

export type RefundRow = NonNullable<Awaited<ReturnType<typeof findRefund>>>;

export async function findRefund(db: Database, orgId: number, id: number) {
  return (await refundsOf(db, orgId).select(refundColumns).where('r.id', '=', id).executeTakeFirst()) ?? null;
}

/** A page of open refunds (oldest first: the family has waited longest) or done ones (newest first). */
export async function findRefundPage(db: Database, orgId: number, q: { done: boolean; offset: number; limit: number }) {
  const base = refundsOf(db, orgId).where('r.done_at', q.done ? 'is not' : 'is', null);
  const ordered = q.done ? base.orderBy('r.done_at', 'desc').orderBy('r.id', 'desc') : base.orderBy('r.created_at').orderBy('r.id');
  const [rows, count] = await Promise.all([
    ordered.select(refundColumns).limit(q.limit).offset(q.offset).execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** open → done; answers whether this call made the move (a second click changes nothing). */
export async function markRefundDone(db: Database, orgId: number, id: number, by: number, note: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('billing_refunds')
    .set({ done_at: at, done_by: by, note })
    .where(scopedToOrg(orgId))
    .where('id', '=', id)
    .where('done_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
