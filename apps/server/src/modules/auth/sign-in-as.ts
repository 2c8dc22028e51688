import type { TokenResponse } from '@patio/core';
import type { Database } from '../../db/database';
import type { RequestContext } from '../../http/context';
import { startSession } from '../sessions/index';
import { markInvitationSignedIn } from './credentials.queries';

/**
 * The answer of every route that signs someone in: a fresh access token of a new session (decision 024).
 * The sign-in also completes the person's invitation, if they had one (written in `db`: the caller's
 * transaction when there is one).
 */
export async function signInAs(ctx: RequestContext, personId: number, db: Database = ctx.db): Promise<TokenResponse> {
  await markInvitationSignedIn(db, ctx.org.id, personId);
  const sessionId = await startSession(ctx, personId, db);
  const { tokens } = ctx.services;
  return { access_token: await tokens.sign(ctx.org.code, personId, tokens.ttlSeconds, sessionId), token_type: 'bearer', expires_in: tokens.ttlSeconds };
}
