import type { SignedInSession, SignOutEverywhereResult } from '@patio/core';
import type { Database } from '../../db/database';
import { nowIso } from '../../db/database';
import { announceAccessChanged } from '../../http/caller-invalidation';
import type { AppServices, RequestContext } from '../../http/context';
import { notFound } from '../../http/errors';
import { requireCaller } from '../../http/school-scope';
import {
  deleteEndedSessions,
  describeSessionRow,
  findLiveSessions,
  findSessionState,
  findTokenVersion,
  insertSession,
  revokeSessionRow,
  revokeSessionRows,
  touchSession,
} from './sessions.queries';
import { describeUserAgent } from './user-agent';

// Sessions that end when they should (issue 29 item 2, decision 024). Each sign-in is a row whose id
// the token carries (`sid`); revoking it, or every one of an account, fails its tokens at once: the
// check runs when the caller cache loads a token, and a revocation forgets the school's callers in
// every process and makes the person's live sockets revalidate (http/caller-invalidation.ts).

/** A session's last use is written when it is older than this, so an active phone writes about once a minute. */
const TOUCH_EVERY_MS = 60_000;
/** Ended sessions are kept this long (then forgotten at the person's next sign-in). */
const KEEP_ENDED_MS = 30 * 24 * 3600_000;

/** A new session for a sign-in of `personId` (in `db`: the sign-in's transaction when there is one); answers its id. */
export async function startSession(ctx: RequestContext, personId: number, db: Database = ctx.db): Promise<number> {
  const now = Date.now();
  const device = describeUserAgent(ctx.userAgent);
  await deleteEndedSessions(db, ctx.org.id, personId, new Date(now - KEEP_ENDED_MS).toISOString());
  return insertSession(db, ctx.org.id, {
    personId,
    platform: device.platform,
    model: device.model,
    now: new Date(now).toISOString(),
    expiresAt: new Date(now + ctx.services.tokens.ttlSeconds * 1000).toISOString(),
  });
}

/**
 * Whether a verified token's sign-in still holds (the caller cache asks once per load): its session
 * is not revoked; a token from before sessions holds until every token of the account is revoked once.
 * A use is recorded at most once a minute, after the answer (a failed write only loses a "last used").
 */
export async function sessionHolds(db: Database, orgId: number, personId: number, sessionId: number | null): Promise<boolean> {
  if (sessionId === null) {
    const version = await findTokenVersion(db, orgId, personId);
    return version === null || version === 0;
  }
  const state = await findSessionState(db, orgId, personId, sessionId);
  if (!state || state.revoked) return false;
  const now = Date.now();
  if (Date.parse(state.lastUsedAt) <= now - TOUCH_EVERY_MS) {
    touchLater(db, orgId, sessionId, new Date(now).toISOString(), new Date(now - TOUCH_EVERY_MS).toISOString());
  }
  return true;
}

function touchLater(db: Database, orgId: number, sessionId: number, now: string, staleBefore: string): void {
  touchSession(db, orgId, sessionId, now, staleBefore).catch(() => undefined);
}

/** GET sessions: the caller's sessions that hold, the asking one marked `current`. */
export async function listOwnSessions(ctx: RequestContext, currentId: number | null): Promise<SignedInSession[]> {
  const caller = requireCaller(ctx);
  const rows = await findLiveSessions(ctx.db, ctx.org.id, caller.id, nowIso());
  return rows.map((row) => ({
    id: row.id,
    platform: row.platform,
    model: row.model,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    expiresAt: row.expires_at,
    current: row.id === currentId,
  }));
}

/** DELETE sessions/{id}: one of the caller's own sessions (another person's, an ended or unknown one: 404). */
export async function revokeOwnSession(ctx: RequestContext, sessionId: number): Promise<void> {
  const caller = requireCaller(ctx);
  if (!(await revokeSessionRow(ctx.db, ctx.org.id, caller.id, sessionId, nowIso()))) {
    throw notFound('There is no such signed-in session');
  }
  await announceRevoked(ctx.services, ctx.org.id, caller.id);
}

/**
 * POST sessions/sign-out-everywhere: every session of the caller ends, the asking one too unless
 * `keepCurrent`. A token from before sessions has no session to keep: it ends either way.
 */
export async function signOutEverywhere(ctx: RequestContext, keepCurrent: boolean, currentId: number | null): Promise<SignOutEverywhereResult> {
  const caller = requireCaller(ctx);
  const keep = keepCurrent ? currentId : null;
  const revoked = await revokeEverySession(ctx.db, ctx.org.id, caller.id, keep);
  await announceRevoked(ctx.services, ctx.org.id, caller.id);
  return { revoked, keptCurrent: keep !== null };
}

/** DELETE people/{id}/sessions: an administrator signs a person out on every device. */
export async function signPersonOutEverywhere(ctx: RequestContext, personId: number): Promise<void> {
  await revokeEverySession(ctx.db, ctx.org.id, personId, null);
  await announceRevoked(ctx.services, ctx.org.id, personId);
}

/**
 * Revokes every token of the account (but the session `exceptId`): a password reset or change, an
 * administrator's decision. Inside a transaction, call announceRevoked once it has committed.
 */
export function revokeEverySession(db: Database, orgId: number, personId: number, exceptId: number | null = null): Promise<number> {
  return revokeSessionRows(db, orgId, personId, nowIso(), exceptId);
}

/** After a committed revocation: every process forgets the school's callers and the person's live sockets revalidate (and close). */
export function announceRevoked(services: Pick<AppServices, 'callers' | 'events'>, orgId: number, personId: number): Promise<void> {
  return announceAccessChanged(services, { orgId, personIds: [personId] });
}

/**
 * The device the person's app registered for this session (platform and model as the app names them).
 * A browser's registration says only "web": its User-Agent said more, and stays.
 */
export async function describeSession(ctx: RequestContext, personId: number, sessionId: number, device: { platform: string; model: string }): Promise<void> {
  const platform = device.platform.trim().slice(0, 40);
  const model = device.model.trim().slice(0, 120);
  if (platform.toLowerCase() === 'web' || (!platform && !model)) return;
  await describeSessionRow(ctx.db, ctx.org.id, personId, sessionId, platform, model);
}
