import type { Database } from '../../db/database';
import { nowIso } from '../../db/database';
import { scopedToOrg } from '../../db/scope';

export async function insertLoginToken(
  db: Database,
  orgId: number,
  token: { personId: number; tokenHash: string; expiresAt: string; createdBy: number },
): Promise<void> {
  await db
    .insertInto('login_tokens')
    .values({
      org_id: orgId,
      person_id: token.personId,
      token_hash: token.tokenHash,
      expires_at: token.expiresAt,
      used_at: null,
      created_by: token.createdBy,
      created_at: nowIso(),
    })
    .execute();
}

/**
 * Marks an unused, unexpired token as used and answers its person, in one statement, so two
 * concurrent exchanges cannot both succeed. ISO-8601 UTC strings compare correctly as text.
 */
export async function consumeLoginToken(db: Database, orgId: number, tokenHash: string): Promise<number | null> {
  const now = nowIso();
  const row = await db
    .updateTable('login_tokens')
    .set({ used_at: now })
    .where(scopedToOrg(orgId))
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('person_id')
    .executeTakeFirst();
  return row?.person_id ?? null;
}
