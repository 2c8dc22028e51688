import type { SignedInWithUsername, Welcome } from '@patio/core';
import type { RequestContext } from '../../http/context';
import { badRequest } from '../../http/errors';
import { isUniqueViolation } from '../../db/unique-violation';
import {
  type AccountRow, assertAcceptablePassword, consumeLoginToken, ensureUsername, findAccounts, findLiveLoginToken, hashLoginToken,
  hashPassword, signInAs, storeNewPassword,
} from '../auth/index';
import { markOpened } from './invitations.queries';

// The welcome screen (/welcome?school=…&token=…) of an invitation. Reading the link marks the
// invitation opened; accepting it sets the person's first password (or, for someone who already has
// one, simply signs them in) and marks it signed in. The link works once, until it expires or a newer
// invitation replaces it.

const invalidInvitation = () =>
  badRequest(
    'invalid_invitation_token',
    'This invitation link is not valid any more: it was used, replaced by a newer invitation or expired. Ask the school to send it again',
  );

/** The live invitation link's person, or 400 (failures count against the client IP like failed sign-ins). */
async function personOfInvitation(ctx: RequestContext, token: string, ip: string): Promise<{ person: AccountRow; expiresAt: string }> {
  const { limiter } = ctx.services;
  await limiter.admit(null, ip);
  const live = await findLiveLoginToken(ctx.db, ctx.org.id, hashLoginToken(token), 'invitation');
  const person = live && (await findAccounts(ctx.db, ctx.org.id, [live.personId])).get(live.personId);
  if (!live || !person) {
    limiter.recordFailure(null, ip);
    throw invalidInvitation();
  }
  return { person, expiresAt: live.expiresAt };
}

/** POST invitations/welcome: whom the link is for; the invitation counts as opened. */
export async function openWelcome(ctx: RequestContext, token: string, ip: string): Promise<Welcome> {
  const { person, expiresAt } = await personOfInvitation(ctx, token, ip);
  await markOpened(ctx.db, ctx.org.id, person.id);
  return {
    firstName: person.first_name,
    lastName: person.last_name,
    school: ctx.org.title,
    username: person.username ?? person.email ?? '',
    email: person.email,
    hasPassword: person.has_password,
    expiresAt,
  };
}

/**
 * POST invitations/welcome/accept: a person without a password must choose one the policy accepts
 * (refused: the link stays usable); someone who has one may choose a new one or none. Then the link is
 * used up and the person signed in.
 */
export async function acceptWelcome(ctx: RequestContext, token: string, password: string | undefined, ip: string): Promise<SignedInWithUsername> {
  const { person } = await personOfInvitation(ctx, token, ip);
  const wantsPassword = !person.has_password || (password !== undefined && password !== '');
  const passwordHash = wantsPassword ? await hashPassword(assertAcceptablePassword(password, person)) : null;
  for (let attempt = 1; ; attempt++) {
    try {
      return await ctx.db.transaction().execute(async (trx) => {
        const personId = await consumeLoginToken(trx, ctx.org.id, hashLoginToken(token), 'invitation');
        if (personId !== person.id) throw invalidInvitation();
        if (passwordHash) await storeNewPassword(trx, ctx.org.id, personId, passwordHash);
        const username = await ensureUsername(trx, ctx.org.id, person);
        await markOpened(trx, ctx.org.id, personId);
        return { ...(await signInAs(ctx, personId, trx)), username };
      });
    } catch (err) {
      if (attempt >= 3 || !isUniqueViolation(err)) throw err;
    }
  }
}
