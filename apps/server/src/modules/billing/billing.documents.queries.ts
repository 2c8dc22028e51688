import type { Database } from '../../db/database';
import { scopedToOrg } from '../../db/scope';

// SQL of the printable documents (issue 14 §3): the reader's language and a family's movements up to a day.

/** The stored interface language of a person (null when unset). */
export async function findLanguageOf(db: Database, orgId: number, personId: number): Promise<string | null> {
  const row = await db.selectFrom('people').select('language').where(scopedToOrg(orgId)).where('id', '=', personId).executeTakeFirst();
  return row?.language ?? null;
}

/** Debits of some students in `currency` issued on or before `to`, oldest first. */
export async function findStatementDebits(db: Database, orgId: number, personIds: number[], currency: string, to: string) {
  if (personIds.length === 0) return [];
  return db
    .selectFrom('billing_debits')
    .select(['id', 'person_id', 'sequence', 'period', 'description', 'issue_date', 'value', 'interest'])
    .where(scopedToOrg(orgId))
    .where('person_id', 'in', personIds)
    .where('currency', '=', currency)
    .where('issue_date', '<=', to)
    .orderBy('issue_date')
    .orderBy('sequence')
    .execute();
}

/** Credits of some students in `currency` received on or before `to`, oldest first. */
export async function findStatementCredits(db: Database, orgId: number, personIds: number[], currency: string, to: string) {
  if (personIds.length === 0) return [];
  return db
    .selectFrom('billing_credits')
    .select(['id', 'person_id', 'sequence', 'method', 'date', 'value', 'reference'])
    .where(scopedToOrg(orgId))
    .where('person_id', 'in', personIds)
    .where('currency', '=', currency)
    .where('date', '<=', to)
    .orderBy('date')
    .orderBy('sequence')
    .execute();
}
