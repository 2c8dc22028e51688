import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { scopedToOrg } from '../../db/scope';
import { notAnUnapprovedRegistrant } from '../../policy/registrants.sql';

// SQL of the debits import (issue 14 §4): the students a file names, the debits its references
// already name, the import rows themselves, and the rewrite of an unpaid debit's charges.

/** Keeps IN lists well below the databases' parameter limits. */
const CHUNK = 500;

function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

export interface StudentRow {
  id: number;
  first_name: string;
  last_name: string;
  last_name2: string | null;
  document_key: string | null;
  student_code: string | null;
}

/** Students of the school (anyone who has been a student of one of its nodes) by normalised document or by student code. */
export async function findStudentsByKeys(db: Database, orgId: number, documentKeys: string[], codes: string[]): Promise<StudentRow[]> {
  const found: StudentRow[] = [];
  const query = () =>
    db
      .selectFrom('people')
      .select(['people.id', 'people.first_name', 'people.last_name', 'people.last_name2', 'people.document_key', 'people.student_code'])
      .where(scopedToOrg(orgId, 'people'))
      .where(notAnUnapprovedRegistrant(orgId))
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('memberships')
            .select('memberships.person_id')
            .where('memberships.org_id', '=', orgId)
            .whereRef('memberships.person_id', '=', 'people.id')
            .where('memberships.role', '=', 'student'),
        ),
      );
  for (const part of chunks([...new Set(documentKeys)])) found.push(...(await query().where('people.document_key', 'in', part).execute()));
  for (const part of chunks([...new Set(codes)])) found.push(...(await query().where('people.student_code', 'in', part).execute()));
  return found;
}

export interface ReferencedDebit {
  id: number;
  person_id: number;
  period: string;
  description: string;
  issue_date: string;
  expiration_date: string;
  currency: string;
  reference: string;
  /** A distribution (even one taken back), an interest line or a pending online payment. */
  has_payments: number | string | boolean;
}

/** Debits of the school named by `references`, with whether any payment ever touched them. */
export async function findDebitsByReference(db: Database, orgId: number, references: string[]): Promise<ReferencedDebit[]> {
  const found: ReferencedDebit[] = [];
  for (const part of chunks([...new Set(references)])) {
    const rows = await db
      .selectFrom('billing_debits as d')
      .select(['d.id', 'd.person_id', 'd.period', 'd.description', 'd.issue_date', 'd.expiration_date', 'd.currency', 'd.reference'])
      .select(
        sql<number>`case when d.paid <> 0 or d.interest <> 0
          or exists (select 1 from billing_distributions x where x.org_id = d.org_id and x.debit_id = d.id)
          or exists (select 1 from billing_payments p where p.org_id = d.org_id and p.debit_id = d.id and p.status = 'pending')
          then 1 else 0 end`.as('has_payments'),
      )
      .where(scopedToOrg(orgId, 'd'))
      .where('d.reference', 'in', part)
      .execute();
    found.push(...rows.map((r) => ({ ...r, reference: r.reference ?? '' })));
  }
  return found;
}

/** The charge lines of debits, in order. */
export async function findChargeLines(db: Database, orgId: number, debitIds: number[]) {
  const found: { debit_id: number; name: string; observations: string; value: number | string }[] = [];
  for (const part of chunks(debitIds)) {
    found.push(
      ...(await db
        .selectFrom('billing_debit_concepts')
        .select(['debit_id', 'name', 'observations', 'value'])
        .where(scopedToOrg(orgId))
        .where('debit_id', 'in', part)
        .where('kind', '=', 'charge')
        .orderBy('debit_id')
        .orderBy('position')
        .execute()),
    );
  }
  return found;
}

/** Holds the debit's row until the transaction ends, so no payment applies to it meanwhile. */
export async function holdDebit(trx: Database, orgId: number, id: number): Promise<void> {
  await trx.updateTable('billing_debits').set({ paid: sql<number>`paid` }).where(scopedToOrg(orgId)).where('id', '=', id).execute();
}

/** Rewrites an unpaid debit that no payment ever touched: its fields and its charge lines. */
export async function rewriteDebit(
  trx: Database,
  orgId: number,
  id: number,
  debit: {
    period: string;
    description: string;
    issueDate: string;
    expirationDate: string;
    interestFrom: string;
    currency: string;
    importId: number;
    concepts: { name: string; observations: string; value: number }[];
    at: string;
  },
): Promise<void> {
  const value = debit.concepts.reduce((sum, c) => sum + c.value, 0);
  await trx.deleteFrom('billing_debit_concepts').where(scopedToOrg(orgId)).where('debit_id', '=', id).execute();
  await trx
    .insertInto('billing_debit_concepts')
    .values(
      debit.concepts.map((c, i) => ({
        org_id: orgId, debit_id: id, position: i + 1, kind: 'charge', name: c.name, observations: c.observations, value: c.value, paid: 0, created_at: debit.at,
      })),
    )
    .execute();
  await trx
    .updateTable('billing_debits')
    .set({
      period: debit.period,
      description: debit.description,
      issue_date: debit.issueDate,
      expiration_date: debit.expirationDate,
      interest_from: debit.interestFrom,
      currency: debit.currency,
      value,
      import_id: debit.importId,
    })
    .where(scopedToOrg(orgId))
    .where('id', '=', id)
    .execute();
}

export async function insertBillingImport(db: Database, row: { orgId: number; createdBy: number; fileName: string; preview: string; at: string }): Promise<number> {
  const inserted = await db
    .insertInto('billing_imports')
    .values({ org_id: row.orgId, created_by: row.createdBy, created_at: row.at, file_name: row.fileName, preview: row.preview })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function findBillingImport(db: Database, orgId: number, id: number) {
  return db
    .selectFrom('billing_imports')
    .select(['id', 'file_name', 'created_at', 'committed_at', 'preview', 'result'])
    .where(scopedToOrg(orgId))
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Marks the import committed unless it already is; answers whether this call did. The row stays locked until the transaction ends. */
export async function claimBillingImport(trx: Database, orgId: number, id: number, at: string): Promise<boolean> {
  const claimed = await trx
    .updateTable('billing_imports')
    .set({ committed_at: at })
    .where(scopedToOrg(orgId))
    .where('id', '=', id)
    .where('committed_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return claimed !== undefined;
}

export async function storeImportResult(trx: Database, orgId: number, id: number, result: string): Promise<void> {
  await trx.updateTable('billing_imports').set({ result }).where(scopedToOrg(orgId)).where('id', '=', id).execute();
}
