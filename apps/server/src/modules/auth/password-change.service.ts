import type { TokenResponse } from '@patio/core';
import type { RequestContext } from '../../http/context';
import { badRequest, notFound } from '../../http/errors';
import { announceRevoked, revokeEverySession } from '../sessions/index';
import { findAccounts, findPasswordHash } from './credentials.queries';
import { assertAcceptablePassword, hashPassword, storeNewPassword } from './new-password';
import { verifyPassword } from './password';
import { signInAs } from './sign-in-as';

/**
 * POST people/{id}/password: the person's current password, then a new one the policy accepts. Every
 * token of the account ends (issue 29 item 2), this device's too; the answer signs it in again with a
 * new session. A wrong current password counts like a failed sign-in (400, not 401: the person stays
 * signed in).
 */
export async function changePassword(ctx: RequestContext, personId: number, current: string, next: string, ip: string): Promise<TokenResponse> {
  const accountKey = `${ctx.org.id}:#${personId}`;
  const { limiter } = ctx.services;
  await limiter.admit(accountKey, ip);
  const [person, hash] = await Promise.all([findAccounts(ctx.db, ctx.org.id, [personId]).then((m) => m.get(personId)), findPasswordHash(ctx.db, ctx.org.id, personId)]);
  if (!person) throw notFound('There is no such person in this school');
  if (!(await verifyPassword(current, hash))) {
    await limiter.recordFailure(accountKey, ip);
    throw badRequest('wrong_password', 'The current password is not right');
  }
  const passwordHash = await hashPassword(assertAcceptablePassword(next, person));
  const signedIn = await ctx.db.transaction().execute(async (trx) => {
    await storeNewPassword(trx, ctx.org.id, personId, passwordHash);
    await revokeEverySession(trx, ctx.org.id, personId);
    return signInAs(ctx, personId, trx);
  });
  await announceRevoked(ctx.services, ctx.org.id, personId);
  return signedIn;
}
