import { addDays, daysBetween } from '@patio/core/calendar/times';
import type { Debtor } from '@patio/core';
import type { RequestContext } from '../../http/context';
import { notFound } from '../../http/errors';
import { findNodes, subtreeIds } from '../nodes/index';
import { debitBalanceToday, interestRuleOf, todayOf } from './billing.ledger';
import { findDebtorPage, findParentsOf, findUnpaidDebits } from './billing.queries';
import { namesOf } from './billing.read';

// GET billing/debtors (issue 14 §4): students with an overdue balance, the oldest debt first, with
// the parent-like relatives who pay it; optionally only the students of a node's subtree.

export async function listDebtors(
  ctx: RequestContext,
  query: { page: number; limit: number; node?: number; minDaysOverdue: number },
): Promise<{ items: Debtor[]; total: number }> {
  const orgId = ctx.org.id;
  const today = todayOf(ctx.org);
  let nodeIds: number[] | null = null;
  if (query.node !== undefined) {
    const nodes = await findNodes(ctx.db, orgId);
    if (!nodes.some((n) => n.id === query.node)) throw notFound('There is no such node in this school');
    nodeIds = subtreeIds(nodes, query.node);
  }
  // Overdue: expired before today, and at least minDaysOverdue days ago.
  const expiredBy = addDays(today, -Math.max(1, query.minDaysOverdue));
  const { personIds, total } = await findDebtorPage(ctx.db, orgId, { expiredBy, nodeIds, offset: (query.page - 1) * query.limit, limit: query.limit });
  const [debits, parents] = await Promise.all([findUnpaidDebits(ctx.db, orgId, personIds), findParentsOf(ctx.db, orgId, personIds)]);
  const names = await namesOf(ctx.db, orgId, [...personIds, ...[...parents.values()].flat()]);
  const rule = interestRuleOf(ctx.org);
  const items = personIds.map((personId): Debtor => {
    let overdue = 0;
    let pending = 0;
    let overdueCount = 0;
    let oldestExpiration = '';
    let currency = '';
    for (const debit of debits.filter((d) => d.person_id === personId)) {
      const now = debitBalanceToday(debit, rule, today);
      pending += now.balance;
      currency ||= debit.currency;
      if (now.status !== 'overdue') continue;
      overdue += now.balance;
      overdueCount += 1;
      if (oldestExpiration === '' || debit.expiration_date < oldestExpiration) oldestExpiration = debit.expiration_date;
    }
    return {
      person: names.get(personId) ?? { id: personId, name: '' },
      relatives: (parents.get(personId) ?? []).map((id) => names.get(id) ?? { id, name: '' }),
      overdue,
      pending,
      overdueCount,
      oldestExpiration,
      daysOverdue: oldestExpiration ? daysBetween(oldestExpiration, today) : 0,
      currency,
    };
  });
  return { items, total };
}
