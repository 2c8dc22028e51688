import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { nowIso } from '../../db/database';
import { scopedToOrg } from '../../db/scope';
import type { SignInLinkTable, SignInStateTable } from '../../db/types-sso';

export type StoredSignInState = Omit<SignInStateTable, 'id' | 'org_id' | 'used_at'>;
export type SignInLinkRow = Omit<SignInLinkTable, 'id'> & { id: number };

/** Stores a sign-in under way, and forgets this school's sign-ins whose time ran out. */
export async function insertSignInState(db: Database, orgId: number, state: StoredSignInState): Promise<void> {
  await db.deleteFrom('sign_in_states').where(scopedToOrg(orgId)).where('expires_at', '<', nowIso()).execute();
  await db.insertInto('sign_in_states').values({ ...state, org_id: orgId }).execute();
}

/**
 * Marks an unused, unexpired sign-in of `provider` with this state as used and answers it, in one
 * statement, so the state (and with it the nonce) works once even when two requests race.
 */
export async function consumeSignInState(db: Database, orgId: number, provider: string, stateHash: string): Promise<StoredSignInState | null> {
  const now = nowIso();
  const row = await db
    .updateTable('sign_in_states')
    .set({ used_at: now })
    .where(scopedToOrg(orgId))
    .where('state_hash', '=', stateHash)
    .where('provider', '=', provider)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['provider', 'state_hash', 'nonce', 'code_verifier', 'redirect_uri', 'client_id', 'issuer', 'created_at', 'expires_at'])
    .executeTakeFirst();
  return row ?? null;
}

/** The person an account of `provider` is linked to, if any. */
export async function findLinkedPerson(db: Database, orgId: number, provider: string, subject: string): Promise<{ linkId: number; personId: number } | null> {
  const row = await db
    .selectFrom('sign_in_links')
    .select(['id', 'person_id'])
    .where(scopedToOrg(orgId))
    .where('provider', '=', provider)
    .where('subject', '=', subject)
    .executeTakeFirst();
  return row ? { linkId: row.id, personId: row.person_id } : null;
}

/** Whether the person already has a link of `provider`. */
export async function hasSignInLink(db: Database, orgId: number, personId: number, provider: string): Promise<boolean> {
  const row = await db.selectFrom('sign_in_links').select('id').where(scopedToOrg(orgId)).where('person_id', '=', personId).where('provider', '=', provider).executeTakeFirst();
  return row !== undefined;
}

/** Gives a link the subject it is known by from now on (an Office link made by `sub` becomes tid:oid). */
export async function renameSignInLinkSubject(db: Database, orgId: number, linkId: number, subject: string): Promise<void> {
  await db.updateTable('sign_in_links').set({ subject }).where(scopedToOrg(orgId)).where('id', '=', linkId).execute();
}

/** Records a sign-in through a link: its time and the email the provider gives now. */
export async function touchSignInLink(db: Database, orgId: number, linkId: number, email: string | null): Promise<void> {
  await db.updateTable('sign_in_links').set({ last_used_at: nowIso(), ...(email ? { email } : {}) }).where(scopedToOrg(orgId)).where('id', '=', linkId).execute();
}

/** Links an account to a person; a link made meanwhile by a concurrent sign-in is kept (the first wins). */
export async function insertSignInLink(db: Database, orgId: number, link: { personId: number; provider: string; subject: string; email: string | null }): Promise<void> {
  const now = nowIso();
  await db
    .insertInto('sign_in_links')
    .values({ org_id: orgId, person_id: link.personId, provider: link.provider, subject: link.subject, email: link.email, created_at: now, last_used_at: now })
    .onConflict((oc) => oc.columns(['org_id', 'provider', 'subject']).doNothing())
    .execute();
}

/** The people of the school whose email is `email` (compared without case). */
export async function findPeopleByEmail(db: Database, orgId: number, email: string): Promise<number[]> {
  const rows = await db
    .selectFrom('people')
    .select('id')
    .where(scopedToOrg(orgId))
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .limit(2)
    .execute();
  return rows.map((r) => r.id);
}

/** A person's linked accounts, oldest first. */
export async function findSignInLinks(db: Database, orgId: number, personId: number): Promise<SignInLinkRow[]> {
  return db
    .selectFrom('sign_in_links')
    .selectAll()
    .where(scopedToOrg(orgId))
    .where('person_id', '=', personId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Removes one of a person's links; answers whether there was one. */
export async function deleteSignInLink(db: Database, orgId: number, personId: number, linkId: number): Promise<boolean> {
  const result = await db.deleteFrom('sign_in_links').where(scopedToOrg(orgId)).where('person_id', '=', personId).where('id', '=', linkId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
