import type { Database } from '../../db/database';
import { scopedToOrg } from '../../db/scope';

// The sessions table (migration 021) and the account's token version on people.

export interface SessionRow {
  id: number;
  platform: string;
  model: string;
  created_at: string;
  last_used_at: string;
  expires_at: string;
}

/** A new session; answers its id (the token's `sid`). */
export async function insertSession(
  db: Database,
  orgId: number,
  session: { personId: number; platform: string; model: string; now: string; expiresAt: string },
): Promise<number> {
  const row = await db
    .insertInto('sessions')
    .values({
      org_id: orgId,
      person_id: session.personId,
      platform: session.platform,
      model: session.model,
      created_at: session.now,
      last_used_at: session.now,
      expires_at: session.expiresAt,
      revoked_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The session `sessionId` of the person as the token check needs it, or null when there is none. */
export async function findSessionState(
  db: Database,
  orgId: number,
  personId: number,
  sessionId: number,
): Promise<{ revoked: boolean; lastUsedAt: string } | null> {
  const row = await db
    .selectFrom('sessions')
    .select(['revoked_at', 'last_used_at'])
    .where(scopedToOrg(orgId))
    .where('id', '=', sessionId)
    .where('person_id', '=', personId)
    .executeTakeFirst();
  return row ? { revoked: row.revoked_at !== null, lastUsedAt: row.last_used_at } : null;
}

/** The account's token version (null: no such person). */
export async function findTokenVersion(db: Database, orgId: number, personId: number): Promise<number | null> {
  const row = await db.selectFrom('people').select('token_version').where(scopedToOrg(orgId)).where('id', '=', personId).executeTakeFirst();
  return row ? row.token_version : null;
}

/** Records a use; the condition keeps two processes (or requests) from writing the same minute twice. */
export async function touchSession(db: Database, orgId: number, sessionId: number, now: string, staleBefore: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ last_used_at: now })
    .where(scopedToOrg(orgId))
    .where('id', '=', sessionId)
    .where('last_used_at', '<', staleBefore)
    .execute();
}

/** The person's sessions that hold (not revoked, not expired), most recently used first. */
export async function findLiveSessions(db: Database, orgId: number, personId: number, now: string): Promise<SessionRow[]> {
  return db
    .selectFrom('sessions')
    .select(['id', 'platform', 'model', 'created_at', 'last_used_at', 'expires_at'])
    .where(scopedToOrg(orgId))
    .where('person_id', '=', personId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('last_used_at', 'desc')
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
}

/** Revokes one live session of the person; false when there is no such live session. */
export async function revokeSessionRow(db: Database, orgId: number, personId: number, sessionId: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where(scopedToOrg(orgId))
    .where('id', '=', sessionId)
    .where('person_id', '=', personId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Revokes every session of the person (but `exceptId`) and bumps the account's token version, which
 * ends the tokens issued before sessions existed. Answers how many live sessions ended.
 */
export async function revokeSessionRows(db: Database, orgId: number, personId: number, now: string, exceptId: number | null): Promise<number> {
  let revoke = db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where(scopedToOrg(orgId))
    .where('person_id', '=', personId)
    .where('revoked_at', 'is', null);
  if (exceptId !== null) revoke = revoke.where('id', '!=', exceptId);
  const live = await db
    .selectFrom('sessions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(scopedToOrg(orgId))
    .where('person_id', '=', personId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .$if(exceptId !== null, (q) => q.where('id', '!=', exceptId!))
    .executeTakeFirstOrThrow();
  await revoke.execute();
  await db
    .updateTable('people')
    .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
    .where(scopedToOrg(orgId))
    .where('id', '=', personId)
    .execute();
  return Number(live.n);
}

/** The device a session was made on, as its device registration names it. */
export async function describeSessionRow(db: Database, orgId: number, personId: number, sessionId: number, platform: string, model: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ platform, model })
    .where(scopedToOrg(orgId))
    .where('id', '=', sessionId)
    .where('person_id', '=', personId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Forgets the person's sessions that ended (expired or revoked) before `before`: the list stays short. */
export async function deleteEndedSessions(db: Database, orgId: number, personId: number, before: string): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where(scopedToOrg(orgId))
    .where('person_id', '=', personId)
    .where((eb) => eb.or([eb('expires_at', '<', before), eb('revoked_at', '<', before)]))
    .execute();
}
