import type { Database } from '../../db/database';
import { scopedToOrg } from '../../db/scope';

// A person's private calendar address (calendar_subscriptions): one row per person, whose nonce the
// address's secret is derived from. Replacing the nonce, or deleting the row, ends the old address.

export interface SubscriptionRow {
  id: number;
  person_id: number;
  nonce: string;
  created_at: string;
}

export async function findSubscriptionOf(db: Database, orgId: number, personId: number): Promise<SubscriptionRow | null> {
  return (await db.selectFrom('calendar_subscriptions').select(['id', 'person_id', 'nonce', 'created_at']).where(scopedToOrg(orgId)).where('person_id', '=', personId).executeTakeFirst()) ?? null;
}

export async function findSubscriptionById(db: Database, orgId: number, id: number): Promise<SubscriptionRow | null> {
  return (await db.selectFrom('calendar_subscriptions').select(['id', 'person_id', 'nonce', 'created_at']).where(scopedToOrg(orgId)).where('id', '=', id).executeTakeFirst()) ?? null;
}

/** The person's address with a fresh nonce: created, or the previous one replaced in one statement. */
export async function upsertSubscription(db: Database, orgId: number, personId: number, nonce: string, now: string): Promise<SubscriptionRow> {
  return db
    .insertInto('calendar_subscriptions')
    .values({ org_id: orgId, person_id: personId, nonce, created_at: now })
    .onConflict((oc) => oc.columns(['org_id', 'person_id']).doUpdateSet({ nonce, created_at: now }))
    .returning(['id', 'person_id', 'nonce', 'created_at'])
    .executeTakeFirstOrThrow();
}

export async function deleteSubscription(db: Database, orgId: number, personId: number): Promise<void> {
  await db.deleteFrom('calendar_subscriptions').where(scopedToOrg(orgId)).where('person_id', '=', personId).execute();
}
