import { sql, type Insertable } from 'kysely';
import type { Database } from '../../db/database';
import { scopedToOrg } from '../../db/scope';
import type { BillingCreditTable, BillingDebitConceptTable, BillingDebitTable } from '../../db/types-billing';

// The SQL of the ledger's writes (billing.ledger.ts holds the rules). Every function takes the
// caller's transaction. A "lock" is an UPDATE that changes nothing and returns the row: PostgreSQL
// holds the row until the transaction ends (a waiting one then reads the committed row), and SQLite
// takes its write lock before reading, so the same code is safe on both.

/** A debit row with the sum paid on its charge lines (what interest accrues on is value − chargesPaid). */
export interface LedgerDebitRow {
  id: number;
  org_id: number;
  person_id: number;
  sequence: number;
  period: string;
  description: string;
  issue_date: string;
  expiration_date: string;
  currency: string;
  value: number | string;
  interest: number | string;
  paid: number | string;
  interest_from: string;
  paid_on: string | null;
  charges_paid: number | string | null;
}

export interface LedgerCreditRow {
  id: number;
  person_id: number;
  sequence: number;
  method: string;
  date: string;
  effective_date: string;
  currency: string;
  value: number | string;
  applied: number | string;
}

export interface LedgerConceptRow {
  id: number;
  kind: string;
  position: number;
  value: number | string;
  paid: number | string;
}

/** The columns of a debit row `d` (LedgerDebitRow but its charges paid, see chargesPaidSql). */
export const debitColumns = [
  'd.id',
  'd.org_id',
  'd.person_id',
  'd.sequence',
  'd.period',
  'd.description',
  'd.issue_date',
  'd.expiration_date',
  'd.currency',
  'd.value',
  'd.interest',
  'd.paid',
  'd.interest_from',
  'd.paid_on',
] as const;

/** Sum paid on the charge lines of debit `d` (a correlated subquery). */
export const chargesPaidSql = sql<number | string>`(select coalesce(sum(c.paid), 0) from billing_debit_concepts c where c.org_id = d.org_id and c.debit_id = d.id and c.kind = 'charge')`;

/** Debits by id, with their charges paid (no lock). */
export async function findLedgerDebits(db: Database, orgId: number, ids: number[]): Promise<LedgerDebitRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('billing_debits as d')
    .select([...debitColumns, chargesPaidSql.as('charges_paid')])
    .where(scopedToOrg(orgId, 'd'))
    .where('d.id', 'in', ids)
    .execute();
}

/** Locks debit `id` until the transaction ends and answers it as committed; null when it is none of the school. */
export async function lockDebit(trx: Database, orgId: number, id: number): Promise<LedgerDebitRow | null> {
  const locked = await trx.updateTable('billing_debits').set({ paid: sql<number>`paid` }).where(scopedToOrg(orgId)).where('id', '=', id).returning('id').executeTakeFirst();
  if (!locked) return null;
  const [row] = await findLedgerDebits(trx, orgId, [id]);
  return row ?? null;
}

/** Locks credit `id` until the transaction ends and answers it as committed. */
export async function lockCredit(trx: Database, orgId: number, id: number): Promise<LedgerCreditRow | null> {
  const row = await trx
    .updateTable('billing_credits')
    .set({ applied: sql<number>`applied` })
    .where(scopedToOrg(orgId))
    .where('id', '=', id)
    .returning(['id', 'person_id', 'sequence', 'method', 'date', 'effective_date', 'currency', 'value', 'applied'])
    .executeTakeFirst();
  return row ?? null;
}

/** Ids of the unpaid debits of a student in `currency`, oldest expiration first. */
export async function findUnpaidDebitIds(db: Database, orgId: number, personId: number, currency: string): Promise<number[]> {
  const rows = await db
    .selectFrom('billing_debits')
    .select('id')
    .where(scopedToOrg(orgId))
    .where('person_id', '=', personId)
    .where('paid_on', 'is', null)
    .where('currency', '=', currency)
    .orderBy('expiration_date')
    .orderBy('sequence')
    .execute();
  return rows.map((r) => r.id);
}

export async function findConcepts(db: Database, orgId: number, debitId: number): Promise<LedgerConceptRow[]> {
  return db
    .selectFrom('billing_debit_concepts')
    .select(['id', 'kind', 'position', 'value', 'paid'])
    .where(scopedToOrg(orgId))
    .where('debit_id', '=', debitId)
    .orderBy('position')
    .execute();
}

/** Takes the next number of counter `name`: one UPDATE … RETURNING, creating the counter when missing. */
export async function takeNextNumber(trx: Database, orgId: number, name: 'debit' | 'credit'): Promise<number> {
  const bump = () =>
    trx
      .updateTable('billing_counters')
      .set((eb) => ({ value: eb('value', '+', 1) }))
      .where(scopedToOrg(orgId))
      .where('name', '=', name)
      .returning('value')
      .executeTakeFirst();
  const row = await bump();
  if (row) return row.value;
  // First number of the school: start after any row already there; a racing insert is ignored.
  const table = name === 'debit' ? 'billing_debits' : 'billing_credits';
  const top = await trx.selectFrom(table).select((eb) => eb.fn.max('sequence').as('top')).where(scopedToOrg(orgId)).executeTakeFirst();
  await trx
    .insertInto('billing_counters')
    .values({ org_id: orgId, name, value: Number(top?.top ?? 0) })
    .onConflict((oc) => oc.columns(['org_id', 'name']).doNothing())
    .execute();
  const again = await bump();
  if (!again) throw new Error(`billing counter ${name} of school ${orgId} is missing`);
  return again.value;
}

/** Gives back the number just taken (the caller still holds the counter's row, so it is the top one). */
export async function giveBackNumber(trx: Database, orgId: number, name: 'debit' | 'credit'): Promise<void> {
  await trx
    .updateTable('billing_counters')
    .set((eb) => ({ value: eb('value', '-', 1) }))
    .where(scopedToOrg(orgId))
    .where('name', '=', name)
    .execute();
}

export async function findCreditIdByKey(db: Database, orgId: number, key: string): Promise<{ id: number; sequence: number } | null> {
  const row = await db.selectFrom('billing_credits').select(['id', 'sequence']).where(scopedToOrg(orgId)).where('idempotency_key', '=', key).executeTakeFirst();
  return row ?? null;
}

/** The active distributions of a credit (of one debit when given). */
export async function findActiveDistributions(db: Database, orgId: number, creditId: number, debitId?: number) {
  let query = db
    .selectFrom('billing_distributions')
    .select(['id', 'debit_id', 'concept_id', 'value'])
    .where(scopedToOrg(orgId))
    .where('credit_id', '=', creditId)
    .where('reversed_at', 'is', null);
  if (debitId !== undefined) query = query.where('debit_id', '=', debitId);
  return query.orderBy('id').execute();
}

export async function addToConceptPaid(trx: Database, orgId: number, conceptId: number, delta: number): Promise<void> {
  await trx
    .updateTable('billing_debit_concepts')
    .set({ paid: sql<number>`paid + ${delta}` })
    .where(scopedToOrg(orgId))
    .where('id', '=', conceptId)
    .execute();
}

export async function addToCreditApplied(trx: Database, orgId: number, creditId: number, delta: number): Promise<void> {
  await trx
    .updateTable('billing_credits')
    .set({ applied: sql<number>`applied + ${delta}` })
    .where(scopedToOrg(orgId))
    .where('id', '=', creditId)
    .execute();
}

/** Moves a debit's paid cache by `delta` and sets its paid_on (null while anything is owed). */
export async function updateDebitPaid(trx: Database, orgId: number, debitId: number, delta: number, paidOn: string | null): Promise<void> {
  await trx
    .updateTable('billing_debits')
    .set({ paid: sql<number>`paid + ${delta}`, paid_on: paidOn })
    .where(scopedToOrg(orgId))
    .where('id', '=', debitId)
    .execute();
}

/** Adds an interest line to a debit and moves its interest_from to `to`. */
export async function insertInterestLine(
  trx: Database,
  line: { orgId: number; debitId: number; position: number; name: string; observations: string; value: number; to: string; createdAt: string },
): Promise<number> {
  const row = await trx
    .insertInto('billing_debit_concepts')
    .values({
      org_id: line.orgId,
      debit_id: line.debitId,
      position: line.position,
      kind: 'interest',
      name: line.name,
      observations: line.observations,
      value: line.value,
      created_at: line.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('billing_debits')
    .set({ interest: sql<number>`interest + ${line.value}`, interest_from: line.to })
    .where(scopedToOrg(line.orgId))
    .where('id', '=', line.debitId)
    .execute();
  return row.id;
}

export async function moveInterestFrom(trx: Database, orgId: number, debitId: number, to: string): Promise<void> {
  await trx.updateTable('billing_debits').set({ interest_from: to }).where(scopedToOrg(orgId)).where('id', '=', debitId).execute();
}

export async function insertDistributions(
  trx: Database,
  rows: { org_id: number; credit_id: number; debit_id: number; concept_id: number; value: number; created_by: number | null; created_at: string }[],
): Promise<void> {
  if (rows.length > 0) await trx.insertInto('billing_distributions').values(rows).execute();
}

export async function markDistributionsReversed(trx: Database, orgId: number, ids: number[], by: number | null, at: string): Promise<void> {
  if (ids.length === 0) return;
  await trx
    .updateTable('billing_distributions')
    .set({ reversed_at: at, reversed_by: by })
    .where(scopedToOrg(orgId))
    .where('id', 'in', ids)
    .where('reversed_at', 'is', null)
    .execute();
}

/** The school's stored settings (JSON text), read inside the ledger's transaction. */
export async function findOrgSettingsText(db: Database, orgId: number): Promise<string | null> {
  const row = await db.selectFrom('orgs').select('settings').where('id', '=', orgId).executeTakeFirst();
  return row?.settings ?? null;
}

export async function insertDebit(trx: Database, row: Insertable<BillingDebitTable>): Promise<number> {
  return (await trx.insertInto('billing_debits').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function insertCharges(trx: Database, rows: Insertable<BillingDebitConceptTable>[]): Promise<void> {
  if (rows.length > 0) await trx.insertInto('billing_debit_concepts').values(rows).execute();
}

export async function insertCredit(trx: Database, row: Insertable<BillingCreditTable>): Promise<number> {
  return (await trx.insertInto('billing_credits').values(row).returning('id').executeTakeFirstOrThrow()).id;
}
