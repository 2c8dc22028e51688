import type { Refund } from '@patio/core';
import type { RequestContext } from '../../http/context';
import { HttpError } from '../../http/errors';
import { requireCaller } from '../../http/school-scope';
import { nowIso } from '../../db/database';
import { toMoney } from './billing.ledger';
import { namesOf } from './billing.read';
import { findRefund, findRefundPage, markRefundDone, type RefundRow } from './billing.refunds.queries';

// Refunds (issue 29): a gateway may approve a payment after its debit was paid some other way (cash at
// the office, the other parent's payment). The money is never applied twice: it stays on its online
// credit as "payments to apply" for the family, and treasury gets a refund to make (or to settle with
// the family, e.g. by applying the credit to the next month), listed at /billing/admin until marked done.

const epoch = (iso: string | null) => (iso === null ? null : Math.floor(Date.parse(iso) / 1000));

function toRefund(row: RefundRow, names: Awaited<ReturnType<typeof namesOf>>): Refund {
  return {
    id: row.id,
    paymentId: row.payment_id,
    creditId: row.credit_id,
    creditSequence: row.credit_sequence,
    debitId: row.debit_id,
    person: names.get(row.person_id) ?? { id: row.person_id, name: '' },
    amount: toMoney(row.amount),
    currency: row.currency,
    createdAt: epoch(row.created_at)!,
    doneAt: epoch(row.done_at),
    doneBy: row.done_by === null ? null : (names.get(row.done_by) ?? { id: row.done_by, name: '' }),
    note: row.note,
  };
}

/** GET billing/refunds (billing staff). */
export async function listRefunds(ctx: RequestContext, query: { state: 'open' | 'done'; page: number; limit: number }): Promise<{ items: Refund[]; total: number }> {
  const { rows, total } = await findRefundPage(ctx.db, ctx.org.id, { done: query.state === 'done', offset: (query.page - 1) * query.limit, limit: query.limit });
  const names = await namesOf(ctx.db, ctx.org.id, rows.flatMap((r) => (r.done_by === null ? [r.person_id] : [r.person_id, r.done_by])));
  return { items: rows.map((r) => toRefund(r, names)), total };
}

/** POST billing/refunds/{id}/done: marks it done once; a repeat answers it as it was marked. */
export async function completeRefund(ctx: RequestContext, id: number, note: string): Promise<Refund> {
  const caller = requireCaller(ctx);
  if (!(await findRefund(ctx.db, ctx.org.id, id))) throw new HttpError(404, 'not_found', 'There is no such refund');
  await markRefundDone(ctx.db, ctx.org.id, id, caller.id, note, nowIso());
  const row = (await findRefund(ctx.db, ctx.org.id, id))!;
  const names = await namesOf(ctx.db, ctx.org.id, row.done_by === null ? [row.person_id] : [row.person_id, row.done_by]);
  return toRefund(row, names);
}
