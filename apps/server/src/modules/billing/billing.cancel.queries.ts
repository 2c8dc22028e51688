import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { scopedToOrg } from '../../db/scope';

// SQL of cancelling debits (billing.cancel.ts).

/** Those of the debits that no payment ever touched: nothing paid, no interest line, no distribution (even one taken back), no online payment in any state, no refund. */
export async function findUntouchedDebitIds(db: Database, orgId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('billing_debits as d')
    .select('d.id')
    .where(scopedToOrg(orgId, 'd'))
    .where('d.id', 'in', [...ids])
    .where(
      sql<boolean>`d.paid = 0 and d.interest = 0
        and not exists (select 1 from billing_distributions x where x.org_id = d.org_id and x.debit_id = d.id)
        and not exists (select 1 from billing_payments p where p.org_id = d.org_id and p.debit_id = d.id)
        and not exists (select 1 from billing_refunds r where r.org_id = d.org_id and r.debit_id = d.id)`,
    )
    .execute();
  return rows.map((r) => r.id);
}

/** Deletes debits and their lines (the caller checked nothing refers to them). */
export async function deleteDebits(trx: Database, orgId: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await trx.deleteFrom('billing_debit_concepts').where(scopedToOrg(orgId)).where('debit_id', 'in', [...ids]).execute();
  await trx.deleteFrom('billing_debits').where(scopedToOrg(orgId)).where('id', 'in', [...ids]).execute();
}
