import type { Database } from '../../db/database';
import { nowIso } from '../../db/database';
import { scopedToOrg } from '../../db/scope';
import { notAnUnapprovedRegistrant } from '../../policy/registrants.sql';

// What signing in and setting a password read of people: accounts by email, and the facts a new
// password is weighed against. Emails compare case-insensitively through lower(email), which the
// index of migration 011 serves.

/** A person as the password and invitation routes need them. */
export interface AccountRow {
  id: number;
  username: string | null;
  email: string | null;
  first_name: string;
  last_name: string;
  last_name2: string | null;
  document: string | null;
  language: string | null;
  has_password: boolean;
}

const accountColumns = ['id', 'username', 'email', 'first_name', 'last_name', 'last_name2', 'document', 'language', 'password_hash'] as const;

function toAccount(row: { password_hash: string | null } & Omit<AccountRow, 'has_password'>): AccountRow {
  const { password_hash, ...rest } = row;
  return { ...rest, has_password: password_hash !== null };
}

/** The accounts of these people, by id (unknown ids are absent). */
export async function findAccounts(db: Database, orgId: number, personIds: number[]): Promise<Map<number, AccountRow>> {
  const out = new Map<number, AccountRow>();
  for (let i = 0; i < personIds.length; i += 500) {
    const rows = await db
      .selectFrom('people')
      .select(accountColumns)
      .where(scopedToOrg(orgId))
      .where('id', 'in', personIds.slice(i, i + 500))
      .execute();
    for (const row of rows) out.set(row.id, toAccount(row));
  }
  return out;
}

/**
 * Sign-in by email: the people with a password whose email is `email` (at most two are read: one is
 * an answer, two are ambiguous).
 */
export async function findPasswordHoldersByEmail(db: Database, orgId: number, email: string): Promise<{ id: number; password_hash: string }[]> {
  const rows = await db
    .selectFrom('people')
    .select(['id', 'password_hash'])
    .where(scopedToOrg(orgId))
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .where('password_hash', 'is not', null)
    .limit(2)
    .execute();
  return rows.map((r) => ({ id: r.id, password_hash: r.password_hash! }));
}

/**
 * Whom a password reset for `login` goes to: the account with that username, else the people with
 * that email (a shared family address may hold several, at most `limit`). Only people with an email,
 * never a self-registration the school has not approved.
 */
export async function findResetTargets(db: Database, orgId: number, login: string, limit = 5): Promise<AccountRow[]> {
  const base = () =>
    db
      .selectFrom('people')
      .select(accountColumns)
      .where(scopedToOrg(orgId))
      .where('email', 'is not', null)
      .where(notAnUnapprovedRegistrant(orgId));
  const byUsername = await base().where('username', '=', login.toLowerCase()).execute();
  if (byUsername.length > 0) return byUsername.map(toAccount);
  if (!login.includes('@')) return [];
  const byEmail = await base()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', login.toLowerCase()))
    .orderBy('id')
    .limit(limit)
    .execute();
  return byEmail.map(toAccount);
}

/** Of these usernames, those some person of the school already holds. */
export async function findTakenUsernames(db: Database, orgId: number, usernames: string[]): Promise<Set<string>> {
  if (usernames.length === 0) return new Set();
  const rows = await db.selectFrom('people').select('username').where(scopedToOrg(orgId)).where('username', 'in', usernames).execute();
  return new Set(rows.map((r) => r.username!));
}

/** Stores a username (lowercase, like every username) for a person who has none. */
export async function setUsernameIfNone(db: Database, orgId: number, personId: number, username: string): Promise<void> {
  await db
    .updateTable('people')
    .set({ username: username.toLowerCase() })
    .where(scopedToOrg(orgId))
    .where('id', '=', personId)
    .where('username', 'is', null)
    .execute();
}

/** The person's password hash (null: none, or no such person). */
export async function findPasswordHash(db: Database, orgId: number, personId: number): Promise<string | null> {
  const row = await db.selectFrom('people').select('password_hash').where(scopedToOrg(orgId)).where('id', '=', personId).executeTakeFirst();
  return row?.password_hash ?? null;
}

/** Stores a password hash. */
export async function setPasswordHash(db: Database, orgId: number, personId: number, passwordHash: string): Promise<void> {
  await db.updateTable('people').set({ password_hash: passwordHash }).where(scopedToOrg(orgId)).where('id', '=', personId).execute();
}

/**
 * A sign-in of an invited person completes their invitation (the invitations area owns the table and
 * lists it; signing in happens here, below it, so the one write of that fact lives here). No row: the
 * person was never invited, nothing to record.
 */
export async function markInvitationSignedIn(db: Database, orgId: number, personId: number): Promise<void> {
  await db
    .updateTable('invitations')
    .set({ status: 'signed_in', signed_in_at: nowIso() })
    .where(scopedToOrg(orgId))
    .where('person_id', '=', personId)
    .where('signed_in_at', 'is', null)
    .execute();
}
