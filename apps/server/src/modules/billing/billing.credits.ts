import type { Credit, ManualCreditInput } from '@patio/core';
import type { RequestContext } from '../../http/context';
import { badRequest } from '../../http/errors';
import { requireCaller } from '../../http/school-scope';
import { isUniqueViolation } from '../../db/unique-violation';
import { applyCredit, recordCredit, todayOf, unapplyCredit } from './billing.ledger';
import { getCredit } from './billing.read';
import { findCreditIdByKey } from './billing.ledger.queries';
import { currencyOf } from './billing.settings';

// Treasury's side of the ledger (issue 14 §4): payments received by hand, and applying or unapplying
// a credit. Each is one transaction: a refused apply leaves no credit behind.

/** An Idempotency-Key header: printable text of at most 200 characters, or none. */
export function idempotencyKeyOf(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  const key = Array.isArray(header) ? header[0] : header;
  if (key === undefined || key.length === 0 || key.length > 200 || !/^[\x21-\x7e]+$/.test(key)) {
    throw badRequest('invalid_idempotency_key', 'The Idempotency-Key header must be 1 to 200 visible ASCII characters');
  }
  return key;
}

/** POST people/{id}/billing/credits: records a payment received and, unless told not to, applies it. */
export async function createManualCredit(
  ctx: RequestContext,
  personId: number,
  input: ManualCreditInput,
  idempotencyKey: string | null,
): Promise<{ credit: Credit; created: boolean }> {
  const caller = requireCaller(ctx);
  const today = todayOf(ctx.org);
  const write = () =>
    ctx.db.transaction().execute(async (trx) => {
      const credit = await recordCredit(trx, {
        orgId: ctx.org.id,
        personId,
        method: input.method,
        value: input.value,
        date: input.date,
        effectiveDate: input.effectiveDate ?? input.date,
        currency: currencyOf(ctx.org),
        reference: input.reference,
        note: input.note,
        idempotencyKey,
        createdBy: caller.id,
      });
      if (credit.created && input.apply) {
        await applyCredit(trx, { orgId: ctx.org.id, creditId: credit.id, debitId: input.debitId, actorId: caller.id, today });
      }
      return credit;
    });
  let result: { id: number; created: boolean };
  try {
    result = await write();
  } catch (err) {
    // Two processes raced past each other with the same key: the unique key kept one; answer it.
    const known = idempotencyKey && isUniqueViolation(err) ? await findCreditIdByKey(ctx.db, ctx.org.id, `${caller.id}:${idempotencyKey}`) : null;
    if (!known) throw err;
    result = { id: known.id, created: false };
  }
  return { credit: await getCredit(ctx, result.id), created: result.created };
}

/** POST billing/credits/{id}/apply. */
export async function applyCreditNow(ctx: RequestContext, creditId: number, input: { debitId?: number; amount?: number }): Promise<Credit> {
  const caller = requireCaller(ctx);
  await ctx.db.transaction().execute((trx) =>
    applyCredit(trx, { orgId: ctx.org.id, creditId, debitId: input.debitId, amount: input.amount, actorId: caller.id, today: todayOf(ctx.org) }),
  );
  return getCredit(ctx, creditId);
}

/** POST billing/credits/{id}/unapply. */
export async function unapplyCreditNow(ctx: RequestContext, creditId: number, input: { debitId?: number }): Promise<Credit> {
  const caller = requireCaller(ctx);
  await ctx.db.transaction().execute((trx) => unapplyCredit(trx, { orgId: ctx.org.id, creditId, debitId: input.debitId, actorId: caller.id }));
  return getCredit(ctx, creditId);
}
