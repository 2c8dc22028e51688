import { createHash } from 'node:crypto';
import { INVALID_STATE_MESSAGE, SSO_PROVIDER_NAMES, ssoCallbackPath, type SsoAuthorization, type SsoProvider, type SsoRegistrationStart, type TokenResponse } from '@patio/core';
import type { RequestContext } from '../../http/context';
import { badRequest, HttpError, unauthorized } from '../../http/errors';
import { signInAs } from '../auth/index';
import type { OutboundPolicy } from '../../platform/net/outbound-guard';
import { signInProviderOf, type SignInProvider } from '../settings/index';
import { issuerPolicyOf } from './issuer-policy';
import { authorizationUrl, discover, exchangeCode, newSignIn } from './oidc.client';
import { identityOf, type ProviderIdentity } from './sso.identity';
import {
  consumeSignInState,
  findLinkedPerson,
  findPeopleByEmail,
  hasSignInLink,
  insertSignInLink,
  insertSignInState,
  renameSignInLinkSubject,
  touchSignInLink,
} from './sso.queries';

/** A state, its nonce and PKCE verifier live 10 minutes and work once. */
const STATE_TTL_MS = 10 * 60_000;

const hashOf = (state: string) => createHash('sha256').update(state).digest('hex');
const invalidState = () => badRequest('invalid_state', INVALID_STATE_MESSAGE);

/** The school's client at `provider`, or 404 when the school does not offer it. */
export function providerOf(ctx: RequestContext, provider: SsoProvider): SignInProvider & { clientId: string; policy: OutboundPolicy } {
  const config = signInProviderOf(ctx.org.settings, provider, ctx.services.config.oidc);
  if (!config.available || config.clientId === null) {
    throw new HttpError(404, 'provider_not_configured', `This school does not offer sign-in with ${SSO_PROVIDER_NAMES[provider]}`);
  }
  // An administrator's issuer is fetched by the server: loopback only where the operator allowed it.
  if (config.ownIssuer && !config.ownIssuer.startsWith('https://') && !ctx.services.config.oidcAllowLoopbackIssuers) {
    throw new HttpError(404, 'provider_not_configured', `The ${SSO_PROVIDER_NAMES[provider]} issuer of this school must be an https address`);
  }
  return { ...config, clientId: config.clientId, policy: issuerPolicyOf(config, ctx.services.config.oidcAllowLoopbackIssuers === true) };
}

/** GET oauth/{provider}/authorize: stores state, nonce and PKCE verifier for this school and answers the provider's URL. */
export async function startSignIn(ctx: RequestContext, provider: SsoProvider): Promise<SsoAuthorization> {
  const config = providerOf(ctx, provider);
  const idp = await discover({ issuer: config.issuer, clientId: config.clientId, clientSecret: config.clientSecret, policy: config.policy });
  const { state, nonce, codeVerifier } = newSignIn();
  const redirectUri = `${ctx.origin}${ssoCallbackPath(provider)}`;
  const now = Date.now();
  await insertSignInState(ctx.db, ctx.org.id, {
    provider,
    state_hash: hashOf(state),
    nonce,
    code_verifier: codeVerifier,
    redirect_uri: redirectUri,
    client_id: config.clientId,
    issuer: config.issuer,
    created_at: new Date(now).toISOString(),
    expires_at: new Date(now + STATE_TTL_MS).toISOString(),
  });
  // Google shows the accounts of the school's one Workspace domain first (hd is a hint; the token's hd is checked).
  const extra: Record<string, string> = provider === 'google' && config.domains.length === 1 ? { hd: config.domains[0] } : {};
  const url = await authorizationUrl(idp, { redirectUri, state, nonce, codeVerifier, responseMode: provider === 'apple' ? 'form_post' : undefined, extra });
  return { url, state };
}

/**
 * POST oauth/{google,office,apple} (spec §7): the state must be one this school issued for this provider
 * and not used yet; the code is exchanged with the PKCE verifier and the client secret; the id token
 * must be signed by the provider's keys and pass spec §5 (nonce, audience, issuer, nbf − 300 s … exp + 300 s,
 * and an iat no later than now + 300 s).
 */
export async function finishSignIn(
  ctx: RequestContext,
  provider: SsoProvider,
  body: { code: string; state?: string; email?: string | null },
  ip: string,
): Promise<TokenResponse | SsoRegistrationStart> {
  const { limiter } = ctx.services;
  await limiter.admit(null, ip);
  try {
    const config = providerOf(ctx, provider);
    const { state } = body;
    const stored = state ? await consumeSignInState(ctx.db, ctx.org.id, provider, hashOf(state)) : null;
    // A sign-in started with another client (the configuration changed meanwhile) is not finished with this one.
    if (!state || !stored || stored.client_id !== config.clientId || stored.issuer !== config.issuer) throw invalidState();
    const idp = await discover({ issuer: stored.issuer, clientId: stored.client_id, clientSecret: config.clientSecret, policy: config.policy });
    const claims = await exchangeCode(idp, body.code, { state, nonce: stored.nonce, codeVerifier: stored.code_verifier, redirectUri: stored.redirect_uri });
    return await signInWithIdentity(ctx, provider, identityOf(provider, claims, config, body.email), config);
  } catch (err) {
    if (err instanceof HttpError && (err.statusCode === 400 || err.statusCode === 401)) limiter.recordFailure(null, ip);
    throw err;
  }
}

/** The link of this account: by its subject, or for Office by the `sub` an older link was made with (then renamed to tid:oid). */
async function findLink(ctx: RequestContext, provider: SsoProvider, identity: ProviderIdentity): Promise<{ linkId: number; personId: number } | null> {
  const linked = await findLinkedPerson(ctx.db, ctx.org.id, provider, identity.subject);
  if (linked || !identity.formerSubject) return linked;
  const former = await findLinkedPerson(ctx.db, ctx.org.id, provider, identity.formerSubject);
  if (former) await renameSignInLinkSubject(ctx.db, ctx.org.id, former.linkId, identity.subject);
  return former;
}

/**
 * A linked account signs in as its person; else the one person of the school with its verified email,
 * whom it is linked to. Office: a person already linked to a Microsoft account (tenant + object id) is
 * not linked to another one by email — that is how a look-alike account with the same address would
 * take the person over; the school removes the old link first when the account really changed.
 */
async function signInWithIdentity(ctx: RequestContext, provider: SsoProvider, identity: ProviderIdentity, config: SignInProvider): Promise<TokenResponse | SsoRegistrationStart> {
  const { db, org } = ctx;
  const name = SSO_PROVIDER_NAMES[provider];
  const linked = await findLink(ctx, provider, identity);
  let personId = linked?.personId;
  if (personId === undefined) {
    if (!identity.email) throw new HttpError(403, 'provider_email_not_verified', `${name} did not give a verified email address for this account, so we cannot tell who you are`);
    const people = await findPeopleByEmail(db, org.id, identity.email);
    if (people.length > 1) throw new HttpError(409, 'email_shared', `Several people of this school have the email ${identity.email}; sign in with your username and password`);
    if (people.length === 0) {
      if (config.allowSelfRegistration) return { registration: { provider, email: identity.email, firstName: identity.firstName, lastName: identity.lastName } };
      throw new HttpError(404, 'no_account_for_email', `No one at this school has the email ${identity.email}; ask the school to add it to your profile, or sign in with your username and password`);
    }
    personId = people[0];
    if (provider === 'office' && (await hasSignInLink(db, org.id, personId, provider))) {
      throw new HttpError(
        409,
        'account_already_linked',
        `The person with the email ${identity.email} already signs in with another ${name} account; sign in with that one, or ask the school to remove its link first`,
      );
    }
  }
  if (await ctx.services.registrationChecks.isEmailUnverified(db, org.id, personId)) {
    throw unauthorized('email_not_verified', 'Confirm your email address first: open the link we sent you');
  }
  if (linked) await touchSignInLink(db, org.id, linked.linkId, identity.email);
  else await insertSignInLink(db, org.id, { personId, provider, subject: identity.subject, email: identity.email });
  return signInAs(ctx, personId);
}
