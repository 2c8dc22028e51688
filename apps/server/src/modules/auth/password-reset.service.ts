import type { PasswordResetInfo, SignedInWithUsername } from '@patio/core';
import type { RequestContext } from '../../http/context';
import { badRequest } from '../../http/errors';
import { consumeLoginToken, findLiveLoginToken } from './auth.queries';
import { findAccounts, type AccountRow } from './credentials.queries';
import { queueMailedLink } from './mailed-link';
import { assertAcceptablePassword, hashPassword, storeNewPassword } from './new-password';
import { passwordResetJob } from './password-reset.job';
import { passwordResetLimiterOf } from './password-reset.limiter';
import { signInAs } from './sign-in-as';
import { hashLoginToken } from './tokens';
import { ensureUsername } from './usernames';
import { isUniqueViolation } from '../../db/unique-violation';
import { announceRevoked, revokeEverySession } from '../sessions/index';

const invalidResetLink = () =>
  badRequest('invalid_reset_token', 'This password reset link is not valid any more: it was used, replaced or expired. Ask for a new one');

/** POST password-resets: counted, queued, and answered alike whether or not `login` names anyone. */
export async function requestPasswordReset(ctx: RequestContext, body: { login: string; language?: string }, ip: string): Promise<void> {
  await queueMailedLink(ctx, passwordResetJob, passwordResetLimiterOf(ctx.services), body, ip);
}

/** The live reset link's person, or 400 (the failure counts against the client IP). */
async function personOfLink(ctx: RequestContext, token: string, ip: string): Promise<{ person: AccountRow; expiresAt: string }> {
  const { limiter } = ctx.services;
  await limiter.admit(null, ip);
  const live = await findLiveLoginToken(ctx.db, ctx.org.id, hashLoginToken(token), 'password_reset');
  const person = live && (await findAccounts(ctx.db, ctx.org.id, [live.personId])).get(live.personId);
  if (!live || !person) {
    await limiter.recordFailure(null, ip);
    throw invalidResetLink();
  }
  return { person, expiresAt: live.expiresAt };
}

/** POST password-resets/check: whom a reset link is for, without using it. */
export async function checkPasswordReset(ctx: RequestContext, token: string, ip: string): Promise<PasswordResetInfo> {
  const { person, expiresAt } = await personOfLink(ctx, token, ip);
  return {
    firstName: person.first_name,
    lastName: person.last_name,
    username: person.username ?? person.email ?? '',
    email: person.email,
    expiresAt,
  };
}

/**
 * POST password-resets/complete: a password the policy accepts replaces the old one, the link is used
 * up with every other reset link of the person, and the person is signed in. A refused password
 * leaves the link as it was, so the person can try another.
 */
export async function completePasswordReset(ctx: RequestContext, token: string, password: string, ip: string): Promise<SignedInWithUsername> {
  const { person } = await personOfLink(ctx, token, ip);
  const accepted = assertAcceptablePassword(password, person);
  const passwordHash = await hashPassword(accepted);
  for (let attempt = 1; ; attempt++) {
    try {
      const signedIn = await ctx.db.transaction().execute(async (trx) => {
        const personId = await consumeLoginToken(trx, ctx.org.id, hashLoginToken(token), 'password_reset');
        if (personId !== person.id) throw invalidResetLink();
        await storeNewPassword(trx, ctx.org.id, personId, passwordHash);
        // Whoever held the old password is signed out everywhere (issue 29 item 2); the new session below stays.
        await revokeEverySession(trx, ctx.org.id, personId);
        const username = await ensureUsername(trx, ctx.org.id, person);
        return { ...(await signInAs(ctx, personId, trx)), username };
      });
      await announceRevoked(ctx.services, ctx.org.id, person.id);
      return signedIn;
    } catch (err) {
      // Another person took the same free username at the same moment: choose again.
      if (attempt >= 3 || !isUniqueViolation(err)) throw err;
    }
  }
}
