import type { RequestContext } from '../../../http/context';
import { forbidden } from '../../../http/errors';
import type { Caller } from '../../../policy/policy';
import {
  currencyOf,
  debitBalanceToday,
  findUnpaidDebitsIssuedIn,
  interestRuleOf,
  isBillingStaff,
  sumCreditsReceivedIn,
  todayOf,
  toMoney,
  type BillingPeriodFilter,
} from '../../billing/index';
import { findNodes, subtreeIds } from '../../nodes/index';
import type { Figure, FigureRequest } from './figure';

// Billing collected vs owed and overdue (issue 36 §2), counted the way billing's own screens count:
// balances through debitBalanceToday (interest accrued to today included), in the school's currency
// only (rows in another currency are left out, as the family balance leaves them out).

/** The billing staff's check again: the registry lets only them reach this kind, the figure never trusts that alone. */
export function requireBillingStaff(caller: Caller): void {
  if (!isBillingStaff(caller)) throw forbidden('forbidden_block', 'Only billing staff see the school’s billing figures');
}

/** The period, the school's currency and the students of the filter's subtree (null: the whole school). */
export async function billingFilterOf(ctx: RequestContext, request: FigureRequest): Promise<BillingPeriodFilter> {
  const nodeIds = request.node === null ? null : subtreeIds(await findNodes(ctx.db, ctx.org.id), request.node.id);
  return { from: request.from, to: request.to, currency: currencyOf(ctx.org), nodeIds };
}

export const billingFigure: Figure<'billing'> = async (ctx, request) => {
  requireBillingStaff(ctx.caller);
  const filter = await billingFilterOf(ctx, request);
  const [debits, credits] = await Promise.all([findUnpaidDebitsIssuedIn(ctx.db, ctx.org.id, filter), sumCreditsReceivedIn(ctx.db, ctx.org.id, filter)]);
  const rule = interestRuleOf(ctx.org);
  const today = todayOf(ctx.org);
  let owed = 0;
  let overdue = 0;
  for (const debit of debits) {
    const now = debitBalanceToday(debit, rule, today);
    owed += now.balance;
    if (now.status === 'overdue') overdue += now.balance;
  }
  return {
    kind: 'billing',
    from: request.from,
    to: request.to,
    node: request.node,
    currency: filter.currency,
    collected: toMoney(credits.applied),
    owed,
    overdue,
  };
};
