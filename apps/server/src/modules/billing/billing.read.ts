import {
  CREDIT_METHODS,
  formatFullName,
  PAYMENT_PROVIDERS,
  PAYMENT_STATUSES,
  type BillingBalance,
  type Credit,
  type CreditSummary,
  type Debit,
  type DebitSummary,
  type Distribution,
  type InterestRule,
  type Payment,
} from '@patio/core';
import type { Database } from '../../db/database';
import type { RequestContext } from '../../http/context';
import { requireCaller } from '../../http/school-scope';
import { billingFamilyOf, isBillingStaff, seesBillingRowOf } from './billing.access';
import { debitBalanceToday, interestRuleOf, todayOf, toMoney, type LedgerDebitRow } from './billing.ledger';
import {
  countCredits,
  findCredit,
  findCredits,
  findDebit,
  findDebitConcepts,
  findDebitPage,
  findDistributions,
  findLastPayment,
  findNames,
  findUnpaidDebits,
  sumUnapplied,
  type CreditRow,
} from './billing.queries';
import { currencyOf, providerOf } from './billing.settings';

// Billing's reads (issue 14 §2): a family's balance, its pending and paid debits, its credits, and one
// debit or credit with how it was paid. The policies have checked the caller may read them.

type Page = { page: number; limit: number };
type Names = Map<number, { id: number; name: string }>;

export async function namesOf(db: Database, orgId: number, ids: number[]): Promise<Names> {
  const rows = await findNames(db, orgId, ids);
  return new Map(rows.map((p) => [p.id, { id: p.id, name: formatFullName({ firstName: p.first_name, lastName: p.last_name, lastName2: p.last_name2 }) }]));
}

const refOf = (names: Names, id: number) => names.get(id) ?? { id, name: '' };

/** A debit row as the pending and paid lists show it, its interest and balance counted to `today`. */
export function toDebitSummary(row: LedgerDebitRow, names: Names, rule: InterestRule, today: string): DebitSummary {
  const now = debitBalanceToday(row, rule, today);
  return {
    id: row.id,
    sequence: row.sequence,
    period: row.period,
    description: row.description,
    person: refOf(names, row.person_id),
    issueDate: row.issue_date,
    expirationDate: row.expiration_date,
    currency: row.currency,
    value: toMoney(row.value),
    interest: now.interest,
    paid: toMoney(row.paid),
    balance: now.balance,
    status: now.status,
    paidOn: row.paid_on,
  };
}

function toCreditSummary(row: CreditRow, names: Names): CreditSummary {
  const value = toMoney(row.value);
  const applied = toMoney(row.applied);
  return {
    id: row.id,
    sequence: row.sequence,
    person: refOf(names, row.person_id),
    method: (CREDIT_METHODS as readonly string[]).includes(row.method) ? (row.method as CreditSummary['method']) : 'other',
    date: row.date,
    effectiveDate: row.effective_date,
    currency: row.currency,
    value,
    applied,
    unapplied: value - applied,
    reference: row.reference,
  };
}

/** GET people/{id}/billing/balance: what the family owes, net of payments to apply. */
export async function readBalance(ctx: RequestContext, personId: number): Promise<BillingBalance> {
  const caller = requireCaller(ctx);
  const family = await billingFamilyOf(ctx.db, caller, ctx.org, personId);
  const currency = currencyOf(ctx.org);
  const rule = interestRuleOf(ctx.org);
  const today = todayOf(ctx.org);
  const [debits, unappliedRows] = await Promise.all([findUnpaidDebits(ctx.db, ctx.org.id, family), sumUnapplied(ctx.db, ctx.org.id, family)]);
  let pending = 0;
  let overdue = 0;
  let pendingCount = 0;
  let overdueCount = 0;
  for (const debit of debits.filter((d) => d.currency === currency)) {
    const now = debitBalanceToday(debit, rule, today);
    if (now.balance === 0) continue;
    pending += now.balance;
    pendingCount += 1;
    if (now.status === 'overdue') {
      overdue += now.balance;
      overdueCount += 1;
    }
  }
  const unapplied = toMoney(unappliedRows.find((r) => r.currency === currency)?.unapplied ?? 0);
  return { balance: pending - unapplied, currency, pending, overdue, unapplied, pendingCount, overdueCount };
}

/** GET people/{id}/billing/debits/pending and …/paid. */
export async function listDebits(ctx: RequestContext, personId: number, paid: boolean, page: Page): Promise<{ items: DebitSummary[]; total: number }> {
  const caller = requireCaller(ctx);
  const family = await billingFamilyOf(ctx.db, caller, ctx.org, personId);
  const { rows, total } = await findDebitPage(ctx.db, ctx.org.id, family, { paid, offset: (page.page - 1) * page.limit, limit: page.limit });
  const names = await namesOf(ctx.db, ctx.org.id, rows.map((r) => r.person_id));
  const rule = interestRuleOf(ctx.org);
  const today = todayOf(ctx.org);
  return { items: rows.map((r) => toDebitSummary(r, names, rule, today)), total };
}

/** GET people/{id}/billing/credits (`unappliedOnly`: ?balance=true). */
export async function listCredits(ctx: RequestContext, personId: number, query: Page & { balance: boolean }): Promise<{ items: CreditSummary[]; total: number }> {
  const caller = requireCaller(ctx);
  const family = await billingFamilyOf(ctx.db, caller, ctx.org, personId);
  const page = { unappliedOnly: query.balance, offset: (query.page - 1) * query.limit, limit: query.limit };
  const [rows, total] = await Promise.all([findCredits(ctx.db, ctx.org.id, family, page), countCredits(ctx.db, ctx.org.id, family, query.balance)]);
  const names = await namesOf(ctx.db, ctx.org.id, rows.map((r) => r.person_id));
  return { items: rows.map((r) => toCreditSummary(r, names)), total };
}

async function distributionsOf(db: Database, orgId: number, by: { debitId?: number; creditId?: number }): Promise<Distribution[]> {
  const rows = await findDistributions(db, orgId, by);
  return rows.map((r) => ({
    id: r.id,
    creditId: r.credit_id,
    creditSequence: r.credit_sequence,
    debitId: r.debit_id,
    debitSequence: r.debit_sequence,
    period: r.period,
    conceptId: r.concept_id,
    conceptName: r.concept_name,
    kind: r.kind === 'interest' ? 'interest' : 'charge',
    value: toMoney(r.value),
    date: r.effective_date,
    method: (CREDIT_METHODS as readonly string[]).includes(r.method) ? (r.method as Distribution['method']) : 'other',
  }));
}

const epochOf = (iso: string | null) => (iso === null ? null : Math.floor(Date.parse(iso) / 1000));

async function lastPaymentOf(db: Database, orgId: number, debitId: number, payerId: number): Promise<Payment | null> {
  const row = await findLastPayment(db, orgId, debitId, payerId);
  if (!row) return null;
  const amount = toMoney(row.amount);
  const provider = (PAYMENT_PROVIDERS as readonly string[]).includes(row.provider) ? (row.provider as Payment['provider']) : 'sandbox';
  const status = (PAYMENT_STATUSES as readonly string[]).includes(row.status) ? (row.status as Payment['status']) : 'pending';
  if (amount < 1) return null;
  return {
    id: row.id,
    debitId: row.debit_id,
    provider,
    status,
    amount,
    currency: row.currency,
    checkoutUrl: status === 'pending' ? row.checkout_url : null,
    creditId: row.credit_id,
    createdAt: epochOf(row.created_at) ?? 0,
    completedAt: epochOf(row.completed_at),
  };
}

/** GET billing/debits/{id}: the debit, its lines, what paid it and the caller's latest online payment. */
export async function getDebit(ctx: RequestContext, id: number): Promise<Debit> {
  const caller = requireCaller(ctx);
  const row = (await findDebit(ctx.db, ctx.org.id, id))!;
  const rule = interestRuleOf(ctx.org);
  const today = todayOf(ctx.org);
  const [names, concepts, distributions, lastPayment] = await Promise.all([
    namesOf(ctx.db, ctx.org.id, [row.person_id]),
    findDebitConcepts(ctx.db, ctx.org.id, id),
    distributionsOf(ctx.db, ctx.org.id, { debitId: id }),
    lastPaymentOf(ctx.db, ctx.org.id, id, caller.id),
  ]);
  const summary = toDebitSummary(row, names, rule, today);
  const paymentsAvailable = providerOf(ctx) !== null;
  return {
    ...summary,
    concepts: concepts.map((c) => ({
      id: c.id,
      kind: c.kind === 'interest' ? 'interest' : 'charge',
      name: c.name,
      observations: c.observations,
      value: toMoney(c.value),
      paid: toMoney(c.paid),
    })),
    accruingInterest: debitBalanceToday(row, rule, today).accruingInterest,
    interestRule: rule.monthlyRatePercent > 0 ? rule : null,
    distributions,
    canPay: paymentsAvailable && summary.status !== 'paid' && summary.balance > 0 && seesBillingRowOf(caller, ctx.org, row.person_id),
    paymentsAvailable,
    lastPayment,
  };
}

/** GET billing/credits/{id}: the credit and how it was applied. */
export async function getCredit(ctx: RequestContext, id: number): Promise<Credit> {
  const caller = requireCaller(ctx);
  const row = (await findCredit(ctx.db, ctx.org.id, id))!;
  const ids = row.created_by === null ? [row.person_id] : [row.person_id, row.created_by];
  const [names, distributions] = await Promise.all([namesOf(ctx.db, ctx.org.id, ids), distributionsOf(ctx.db, ctx.org.id, { creditId: id })]);
  return {
    ...toCreditSummary(row, names),
    note: row.note,
    createdBy: row.created_by === null ? null : (names.get(row.created_by) ?? null),
    paymentId: row.payment_id,
    distributions,
    canManage: isBillingStaff(caller),
  };
}
