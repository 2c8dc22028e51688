import { sumCreditsReceivedIn, toMoney } from '../../billing/index';
import { billingFilterOf, requireBillingStaff } from './billing';
import type { Figure } from './figure';

// Payments received in the period (issue 36 §2; "payments today" on Inicio): the school's credits
// dated in the period. Every approved online payment becomes exactly one credit (method `online`, dated
// the day it was approved) and treasury records cash, transfers and the like as credits, so counting
// credits counts each payment once, whichever way it came; pending or declined online payments are
// no money received and do not count. In the school's currency, of the filter's students.

export const paymentsFigure: Figure<'payments'> = async (ctx, request) => {
  requireBillingStaff(ctx.caller);
  const filter = await billingFilterOf(ctx, request);
  const credits = await sumCreditsReceivedIn(ctx.db, ctx.org.id, filter);
  return {
    kind: 'payments',
    from: request.from,
    to: request.to,
    node: request.node,
    currency: filter.currency,
    count: credits.count,
    amount: toMoney(credits.value),
  };
};
