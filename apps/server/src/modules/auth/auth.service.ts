import type { TokenResponse, IssuedLoginToken } from '@patio/core';
import type { RequestContext } from '../../http/context';
import { badRequest, notFound, unauthorized } from '../../http/errors';
import { linkOrigin } from '../../http/origin';
import { containsNul, invalidCharacters } from '../../http/input-guard';
import { requireCaller } from '../../http/school-scope';
import { findCredentials, personExists } from '../people/index';
import { allowsSignInByEmail } from '../settings/index';
import { consumeLoginToken, insertLoginToken } from './auth.queries';
import { findPasswordHoldersByEmail } from './credentials.queries';
import { refuseDemoPassword } from './demo-password';
import { verifyPassword } from './password';
import { signInAs } from './sign-in-as';
import { hashLoginToken, newLoginToken } from './tokens';

const wrongCredentials = () => unauthorized('invalid_credentials', 'Wrong username or password');

/** Reads "Basic base64(username:password)"; answers null when the header is absent. */
export function parseBasicAuth(header: string | undefined): { username: string; password: string } | null {
  if (!header) return null;
  const match = header.match(/^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i);
  if (!match) throw badRequest('invalid_basic_auth', 'Send the username and password as HTTP Basic credentials');
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  if (containsNul(decoded)) throw invalidCharacters();
  const colon = decoded.indexOf(':');
  if (colon < 0) throw badRequest('invalid_basic_auth', 'The Basic credentials must be "username:password"');
  return { username: decoded.slice(0, colon).trim(), password: decoded.slice(colon + 1) };
}

/**
 * The account a typed username names: the one with that username, else, where the school allows
 * it, the one person with a password whose email it is (none or several: no account).
 */
async function findAccountOf(ctx: RequestContext, username: string): Promise<{ id: number; password_hash: string | null } | null> {
  const found = await findCredentials(ctx.db, ctx.org.id, username);
  if (found || !username.includes('@') || !allowsSignInByEmail(ctx.org.settings)) return found;
  const holders = await findPasswordHoldersByEmail(ctx.db, ctx.org.id, username);
  return holders.length === 1 ? holders[0] : null;
}

/** spec §7 POST oauth/token: the same 401 whether the username or the password is wrong. */
export async function signInWithPassword(
  ctx: RequestContext,
  authorization: string | undefined,
  ip: string,
): Promise<TokenResponse> {
  const credentials = parseBasicAuth(authorization);
  if (!credentials) throw unauthorized('credentials_required', 'Send the username and password with HTTP Basic authentication');
  const { username, password } = credentials;
  const accountKey = `${ctx.org.id}:${username.toLowerCase()}`;
  const { limiter, registrationChecks } = ctx.services;
  await limiter.admit(accountKey, ip);
  // An unverified registration past its 48 hours is gone before anyone signs in with its email.
  if (username && username.length <= 120) await registrationChecks.dropExpired(ctx.db, ctx.org.id, username);
  const found = username && username.length <= 120 ? await findAccountOf(ctx, username) : null;
  const ok = password.length <= 1024 && (await verifyPassword(password, found?.password_hash ?? null));
  if (!found || !ok) {
    await limiter.recordFailure(accountKey, ip);
    throw wrongCredentials();
  }
  refuseDemoPassword(ctx.services.config, password);
  if (await registrationChecks.isEmailUnverified(ctx.db, ctx.org.id, found.id)) {
    throw unauthorized('email_not_verified', 'Confirm your email address first: open the link we sent you');
  }
  return signInAs(ctx, found.id);
}

/** Exchanges a one-time sign-in token; unknown, used and expired tokens all answer the same 401. */
export async function signInWithLoginToken(ctx: RequestContext, token: string, ip: string): Promise<TokenResponse> {
  const { limiter } = ctx.services;
  await limiter.admit(null, ip);
  const personId = await consumeLoginToken(ctx.db, ctx.org.id, hashLoginToken(token));
  if (personId === null) {
    await limiter.recordFailure(null, ip);
    throw unauthorized('invalid_login_token', 'This sign-in link is not valid any more; ask the school for a new one');
  }
  return signInAs(ctx, personId);
}

/** An administrator issues a one-time sign-in link for a person (only its hash is stored). */
export async function issueLoginToken(
  ctx: RequestContext,
  personId: number,
  expiresInMinutes: number,
): Promise<IssuedLoginToken> {
  const caller = requireCaller(ctx);
  if (!(await personExists(ctx.db, ctx.org.id, personId))) throw notFound('There is no such person in this school');
  const token = newLoginToken();
  const expiresAt = new Date(Date.now() + expiresInMinutes * 60_000).toISOString();
  await insertLoginToken(ctx.db, ctx.org.id, {
    personId,
    tokenHash: hashLoginToken(token),
    expiresAt,
    createdBy: caller.id,
  });
  const query = new URLSearchParams({ school: ctx.org.code, token });
  return { token, url: `${linkOrigin(ctx.services.config)}/login?${query}`, expiresAt };
}
