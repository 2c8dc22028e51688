import type { Database } from '../../db/database';
import { nowIso } from '../../db/database';
import { scopedToOrg } from '../../db/scope';
import type { LoginTokenPurpose } from '../../db/types-invitations';

export type { LoginTokenPurpose };

type NewLoginToken = { personId: number; tokenHash: string; expiresAt: string; createdBy: number; purpose?: LoginTokenPurpose };

function loginTokenRow(orgId: number, token: NewLoginToken) {
  return {
    org_id: orgId,
    person_id: token.personId,
    token_hash: token.tokenHash,
    expires_at: token.expiresAt,
    used_at: null,
    created_by: token.createdBy,
    created_at: nowIso(),
    purpose: token.purpose ?? 'sign_in',
  };
}

export async function insertLoginToken(db: Database, orgId: number, token: NewLoginToken): Promise<void> {
  await db.insertInto('login_tokens').values(loginTokenRow(orgId, token)).execute();
}

/**
 * Inserts a token whose value is derived, not random (a password reset mailed by a job that may run
 * twice): a second insert of the same hash changes nothing.
 */
export async function insertLoginTokenOnce(db: Database, orgId: number, token: NewLoginToken & { purpose: LoginTokenPurpose }): Promise<void> {
  await db
    .insertInto('login_tokens')
    .values(loginTokenRow(orgId, token))
    .onConflict((oc) => oc.columns(['org_id', 'token_hash']).doNothing())
    .execute();
}

/**
 * Marks an unused, unexpired token of `purpose` as used and answers its person, in one statement, so
 * two concurrent exchanges cannot both succeed. ISO-8601 UTC strings compare correctly as text.
 */
export async function consumeLoginToken(
  db: Database,
  orgId: number,
  tokenHash: string,
  purpose: LoginTokenPurpose = 'sign_in',
): Promise<number | null> {
  const now = nowIso();
  const row = await db
    .updateTable('login_tokens')
    .set({ used_at: now })
    .where(scopedToOrg(orgId))
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('person_id')
    .executeTakeFirst();
  return row?.person_id ?? null;
}

/** An unused, unexpired token of `purpose` (without using it): its person and expiry. */
export async function findLiveLoginToken(
  db: Database,
  orgId: number,
  tokenHash: string,
  purpose: LoginTokenPurpose,
): Promise<{ personId: number; expiresAt: string } | null> {
  const row = await db
    .selectFrom('login_tokens')
    .select(['person_id', 'expires_at'])
    .where(scopedToOrg(orgId))
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso())
    .executeTakeFirst();
  return row ? { personId: row.person_id, expiresAt: row.expires_at } : null;
}

/** Deletes the unused tokens of `purpose` of these people (a newer link replaces them, or a password was set). */
export async function revokeLoginTokens(db: Database, orgId: number, personIds: number[], purpose: LoginTokenPurpose): Promise<void> {
  for (let i = 0; i < personIds.length; i += 500) {
    await db
      .deleteFrom('login_tokens')
      .where(scopedToOrg(orgId))
      .where('person_id', 'in', personIds.slice(i, i + 500))
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .execute();
  }
}
