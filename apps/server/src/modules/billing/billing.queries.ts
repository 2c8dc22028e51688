import { sql, type SqlBool } from 'kysely';
import type { Database } from '../../db/database';
import type { AccessFilter } from '../../policy/access';
import { scopedToOrg } from '../../db/scope';
import { currentMembership } from '../nodes/index';
import { parentLikeKinds } from '../people/index';
import { chargesPaidSql, debitColumns, type LedgerDebitRow } from './billing.ledger.queries';

// The SQL of billing's reads (the ledger's writes are in billing.ledger.queries.ts). Always scoped by
// school; lists are scoped to a set of students the caller was allowed (billing.access.ts).

const creditColumns = [
  'c.id',
  'c.person_id',
  'c.sequence',
  'c.method',
  'c.date',
  'c.effective_date',
  'c.currency',
  'c.value',
  'c.applied',
  'c.reference',
  'c.note',
  'c.payment_id',
  'c.created_by',
] as const;

export type CreditRow = Awaited<ReturnType<typeof findCredits>>[number];

/** The parent-like children of a person (relationships: relative_id is person_id's father, mother…). */
export async function findChildIds(db: Database, orgId: number, personId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('relationships')
    .select('person_id')
    .where(scopedToOrg(orgId))
    .where('relative_id', '=', personId)
    .where('kind', 'in', [...parentLikeKinds])
    .execute();
  return [...new Set(rows.map((r) => r.person_id))];
}

/** Parent-like relatives of some students: student id → relative ids. */
export async function findParentsOf(db: Database, orgId: number, personIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (personIds.length === 0) return out;
  const rows = await db
    .selectFrom('relationships')
    .select(['person_id', 'relative_id'])
    .where(scopedToOrg(orgId))
    .where('person_id', 'in', personIds)
    .where('kind', 'in', [...parentLikeKinds])
    .orderBy('relative_id')
    .execute();
  for (const r of rows) out.set(r.person_id, [...new Set([...(out.get(r.person_id) ?? []), r.relative_id])]);
  return out;
}

export async function findNames(db: Database, orgId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('people').select(['id', 'first_name', 'last_name', 'last_name2']).where(scopedToOrg(orgId)).where('id', 'in', [...new Set(ids)]).execute();
}

export async function personExistsInSchool(db: Database, orgId: number, id: number): Promise<boolean> {
  return (await db.selectFrom('people').select('id').where(scopedToOrg(orgId)).where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** A page of the debits of some students: unpaid by expiration date, or paid newest first. */
export async function findDebitPage(
  db: Database,
  orgId: number,
  personIds: number[],
  page: { paid: boolean; offset: number; limit: number },
): Promise<{ rows: LedgerDebitRow[]; total: number }> {
  if (personIds.length === 0) return { rows: [], total: 0 };
  const base = db
    .selectFrom('billing_debits as d')
    .where(scopedToOrg(orgId, 'd'))
    .where('d.person_id', 'in', personIds)
    .where('d.paid_on', page.paid ? 'is not' : 'is', null);
  const ordered = page.paid
    ? base.orderBy('d.paid_on', 'desc').orderBy('d.sequence', 'desc')
    : base.orderBy('d.expiration_date').orderBy('d.sequence');
  const [rows, count] = await Promise.all([
    ordered.select([...debitColumns, chargesPaidSql.as('charges_paid')]).limit(page.limit).offset(page.offset).execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** Every unpaid debit of some students. */
export async function findUnpaidDebits(db: Database, orgId: number, personIds: number[]): Promise<LedgerDebitRow[]> {
  if (personIds.length === 0) return [];
  return db
    .selectFrom('billing_debits as d')
    .select([...debitColumns, chargesPaidSql.as('charges_paid')])
    .where(scopedToOrg(orgId, 'd'))
    .where('d.person_id', 'in', personIds)
    .where('d.paid_on', 'is', null)
    .orderBy('d.expiration_date')
    .orderBy('d.sequence')
    .execute();
}

export async function findDebit(db: Database, orgId: number, id: number): Promise<LedgerDebitRow | null> {
  const row = await db
    .selectFrom('billing_debits as d')
    .select([...debitColumns, chargesPaidSql.as('charges_paid')])
    .where(scopedToOrg(orgId, 'd'))
    .where('d.id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

export async function findDebitConcepts(db: Database, orgId: number, debitId: number) {
  return db
    .selectFrom('billing_debit_concepts')
    .select(['id', 'kind', 'name', 'observations', 'value', 'paid'])
    .where(scopedToOrg(orgId))
    .where('debit_id', '=', debitId)
    .orderBy('position')
    .execute();
}

/** Credits of some students, newest first (`unappliedOnly`: those with a balance to apply). */
export async function findCredits(db: Database, orgId: number, personIds: number[], page: { unappliedOnly: boolean; offset: number; limit: number }) {
  const base = db
    .selectFrom('billing_credits as c')
    .where(scopedToOrg(orgId, 'c'))
    .where('c.person_id', 'in', personIds.length > 0 ? personIds : [0])
    .$if(page.unappliedOnly, (q) => q.where(sql<SqlBool>`c.applied < c.value`));
  return base.select(creditColumns).orderBy('c.date', 'desc').orderBy('c.sequence', 'desc').limit(page.limit).offset(page.offset).execute();
}

export async function countCredits(db: Database, orgId: number, personIds: number[], unappliedOnly: boolean): Promise<number> {
  const row = await db
    .selectFrom('billing_credits as c')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where(scopedToOrg(orgId, 'c'))
    .where('c.person_id', 'in', personIds.length > 0 ? personIds : [0])
    .$if(unappliedOnly, (q) => q.where(sql<SqlBool>`c.applied < c.value`))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function findCredit(db: Database, orgId: number, id: number) {
  const row = await db.selectFrom('billing_credits as c').select(creditColumns).where(scopedToOrg(orgId, 'c')).where('c.id', '=', id).executeTakeFirst();
  return row ?? null;
}

/** Unapplied balance of the credits of some students, by currency. */
export async function sumUnapplied(db: Database, orgId: number, personIds: number[]) {
  if (personIds.length === 0) return [];
  return db
    .selectFrom('billing_credits')
    .select(['currency', sql<number | string>`coalesce(sum(value - applied), 0)`.as('unapplied')])
    .where(scopedToOrg(orgId))
    .where('person_id', 'in', personIds)
    .groupBy('currency')
    .execute();
}

/** Active distributions of a debit or of a credit, with what the list shows of each side. */
export async function findDistributions(db: Database, orgId: number, by: { debitId?: number; creditId?: number }) {
  return db
    .selectFrom('billing_distributions as x')
    .innerJoin('billing_credits as c', (j) => j.onRef('c.org_id', '=', 'x.org_id').onRef('c.id', '=', 'x.credit_id'))
    .innerJoin('billing_debits as d', (j) => j.onRef('d.org_id', '=', 'x.org_id').onRef('d.id', '=', 'x.debit_id'))
    .innerJoin('billing_debit_concepts as k', (j) => j.onRef('k.org_id', '=', 'x.org_id').onRef('k.id', '=', 'x.concept_id'))
    .select([
      'x.id',
      'x.credit_id',
      'c.sequence as credit_sequence',
      'x.debit_id',
      'd.sequence as debit_sequence',
      'd.period',
      'x.concept_id',
      'k.name as concept_name',
      'k.kind',
      'x.value',
      'c.effective_date',
      'c.method',
    ])
    .where(scopedToOrg(orgId, 'x'))
    .where('x.reversed_at', 'is', null)
    .$if(by.debitId !== undefined, (q) => q.where('x.debit_id', '=', by.debitId!))
    .$if(by.creditId !== undefined, (q) => q.where('x.credit_id', '=', by.creditId!))
    .orderBy('x.id')
    .execute();
}

/**
 * The payment a debit's screen shows `payerId` (the payments area writes them): the debit's open one,
 * whoever started it (a debit has at most one, and paying again answers it), else the latest that
 * `payerId` started.
 */
export async function findLastPayment(db: Database, orgId: number, debitId: number, payerId: number) {
  const row = await db
    .selectFrom('billing_payments')
    .select(['id', 'debit_id', 'provider', 'status', 'amount', 'currency', 'checkout_url', 'credit_id', 'created_at', 'completed_at'])
    .where(scopedToOrg(orgId))
    .where('debit_id', '=', debitId)
    .where((eb) => eb.or([eb('payer_id', '=', payerId), eb('status', '=', 'pending')]))
    .orderBy(sql`CASE WHEN status = 'pending' THEN 0 ELSE 1 END`)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

/** Students with unpaid debits that expired on or before `expiredBy`, oldest expiration first (optionally members of `nodeIds`). */
export async function findDebtorPage(db: Database, orgId: number, q: { expiredBy: string; nodeIds: number[] | null; offset: number; limit: number }) {
  const base = db
    .selectFrom('billing_debits as d')
    .where(scopedToOrg(orgId, 'd'))
    .where('d.paid_on', 'is', null)
    .where('d.expiration_date', '<=', q.expiredBy)
    .$if(q.nodeIds !== null, (b) =>
      b.where('d.person_id', 'in', (eb) =>
        eb
          .selectFrom('memberships')
          .select('memberships.person_id')
          .where('memberships.org_id', '=', orgId)
          .where('memberships.node_id', 'in', q.nodeIds!.length > 0 ? q.nodeIds! : [0])
          .where('memberships.role', '=', 'student')
          .where(currentMembership()),
      ),
    );
  const [rows, count] = await Promise.all([
    base
      .select(['d.person_id', (eb) => eb.fn.min('d.expiration_date').as('oldest')])
      .groupBy('d.person_id')
      .orderBy('oldest')
      .orderBy('d.person_id')
      .limit(q.limit)
      .offset(q.offset)
      .execute(),
    base.select((eb) => eb.fn.count<number | string>('d.person_id').distinct().as('n')).executeTakeFirst(),
  ]);
  return { personIds: rows.map((r) => r.person_id), total: Number(count?.n ?? 0) };
}

export type BillingRowTable = 'billing_debits' | 'billing_credits';

/** Of `ids`, the debits or credits of the school that belong to `family` (every one when null: billing staff). */
export async function findVisibleRowIds(db: Database, table: BillingRowTable, orgId: number, ids: number[], family: number[] | null): Promise<number[]> {
  let query = db.selectFrom(table).select('id').where(scopedToOrg(orgId)).where('id', 'in', ids);
  if (family !== null) query = query.where('person_id', 'in', family.length > 0 ? family : [0]);
  return (await query.execute()).map((r) => r.id);
}

/** The same rule as SQL on a debit or credit id column. */
export function billingRowFilter(db: Database, table: BillingRowTable, orgId: number, family: number[] | null): AccessFilter {
  return (ref) => (eb) => {
    let rows = db.selectFrom(table).select('id').where(scopedToOrg(orgId));
    if (family !== null) rows = rows.where('person_id', 'in', family.length > 0 ? family : [0]);
    return eb(eb.ref(ref), 'in', rows);
  };
}

/** Current students of `nodeIds` (a subtree), for a dashboard's group filter on billing rows. */
function studentsIn(db: Database, orgId: number, nodeIds: number[]) {
  return db
    .selectFrom('memberships')
    .select('memberships.person_id')
    .where('memberships.org_id', '=', orgId)
    .where('memberships.node_id', 'in', nodeIds.length > 0 ? nodeIds : [0])
    .where('memberships.role', '=', 'student')
    .where(currentMembership());
}

/** Period, currency and optional group filter (current students of `nodeIds`) of a dashboard's billing figures. */
export interface BillingPeriodFilter {
  /** First and last day (YYYY-MM-DD), both included. */
  from: string;
  to: string;
  currency: string;
  nodeIds: number[] | null;
}

/** Unpaid debits issued in the period, with their charges paid (for debitBalanceToday). */
export async function findUnpaidDebitsIssuedIn(db: Database, orgId: number, q: BillingPeriodFilter): Promise<LedgerDebitRow[]> {
  return db
    .selectFrom('billing_debits as d')
    .select([...debitColumns, chargesPaidSql.as('charges_paid')])
    .where(scopedToOrg(orgId, 'd'))
    .where('d.paid_on', 'is', null)
    .where('d.currency', '=', q.currency)
    .where('d.issue_date', '>=', q.from)
    .where('d.issue_date', '<=', q.to)
    .$if(q.nodeIds !== null, (b) => b.where('d.person_id', 'in', studentsIn(db, orgId, q.nodeIds!)))
    .execute();
}

/** Credits received (dated) in the period: how many, their value and how much of it is applied to debits. */
export async function sumCreditsReceivedIn(db: Database, orgId: number, q: BillingPeriodFilter): Promise<{ count: number; value: number | string; applied: number | string }> {
  const row = await db
    .selectFrom('billing_credits as c')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('n'),
      sql<number | string>`coalesce(sum(c.value), 0)`.as('value'),
      sql<number | string>`coalesce(sum(c.applied), 0)`.as('applied'),
    ])
    .where(scopedToOrg(orgId, 'c'))
    .where('c.currency', '=', q.currency)
    .where('c.date', '>=', q.from)
    .where('c.date', '<=', q.to)
    .$if(q.nodeIds !== null, (b) => b.where('c.person_id', 'in', studentsIn(db, orgId, q.nodeIds!)))
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), value: row.value, applied: row.applied };
}
