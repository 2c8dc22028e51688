import { SSO_PROVIDERS, ssoCallbackPath, type SsoProvider, type SsoProviderSettings, type SsoSettings } from '@patio/core';
import type { z } from 'zod';
import type { ZSsoProviderSettingsRequest } from '@patio/core';
import type { RequestContext } from '../../http/context';
import { badRequest } from '../../http/errors';
import { isRefusedOutbound } from '../../platform/net/outbound-guard';
import { findOrgByCode, updateOrgSettings } from '../org/index';
import { SIGN_IN_KEY, signInProviderOf, storedProviderOf } from '../settings/index';
import { issuerPolicyOf } from './issuer-policy';

type ProviderChange = z.output<typeof ZSsoProviderSettingsRequest>;

/** One provider as administrators see it: everything but the client secret. */
function viewOf(ctx: RequestContext, settings: Record<string, unknown>, provider: SsoProvider): SsoProviderSettings {
  const config = signInProviderOf(settings, provider, ctx.services.config.oidc);
  return {
    provider,
    available: config.available,
    enabled: config.enabled,
    clientId: config.fromEnvironment ? null : config.clientId,
    hasClientSecret: !config.fromEnvironment && config.clientSecret !== null,
    issuer: config.ownIssuer,
    effectiveIssuer: config.issuer,
    tenants: config.tenants,
    domains: config.domains,
    allowSelfRegistration: config.allowSelfRegistration,
    fromEnvironment: config.environmentOffers,
    redirectUri: `${ctx.origin}${ssoCallbackPath(provider)}`,
  };
}

/** GET settings/single-sign-on (school administrators). */
export function readSsoSettings(ctx: RequestContext): SsoSettings {
  return { providers: SSO_PROVIDERS.map((provider) => viewOf(ctx, ctx.org.settings, provider)) };
}

/** PUT settings/single-sign-on/{provider} (school administrators): the secret is kept when omitted, removed with null. */
export async function updateSsoProvider(ctx: RequestContext, provider: SsoProvider, change: ProviderChange): Promise<SsoProviderSettings> {
  const allowLoopback = ctx.services.config.oidcAllowLoopbackIssuers === true;
  if (change.issuer && !change.issuer.startsWith('https://') && !allowLoopback) {
    throw badRequest('invalid_issuer', 'The issuer must be an https address');
  }
  // The server fetches the issuer's documents itself: an address in the server's own network is refused
  // now, in words the administrator can act on (each fetch checks again, at connect time).
  if (change.issuer) {
    const policy = issuerPolicyOf({ ownIssuer: change.issuer, fromEnvironment: false }, allowLoopback);
    if (await isRefusedOutbound(`${change.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`, policy)) {
      throw badRequest('issuer_not_allowed', 'The issuer points to a private or local network address (or is not https), which this server does not contact; use the identity provider\'s public https address');
    }
  }
  const settings = await ctx.db.transaction().execute(async (trx) => {
    // The stored settings, not the request's cached copy: other keys (and the kept secret) must survive.
    const current = ((await findOrgByCode(trx, ctx.org.code)) ?? ctx.org).settings;
    const before = storedProviderOf(current, provider);
    const clientSecret = change.clientSecret === undefined ? before.clientSecret : change.clientSecret;
    const next = {
      enabled: change.enabled,
      ...(change.clientId ? { clientId: change.clientId } : {}),
      ...(change.clientId && typeof clientSecret === 'string' && clientSecret !== '' ? { clientSecret } : {}),
      ...(change.issuer ? { issuer: change.issuer.replace(/\/+$/, '') } : {}),
      tenants: change.tenants,
      domains: change.domains,
      allowSelfRegistration: change.allowSelfRegistration,
    };
    const signIn = typeof current[SIGN_IN_KEY] === 'object' && current[SIGN_IN_KEY] !== null ? (current[SIGN_IN_KEY] as Record<string, unknown>) : {};
    const updated = { ...current, [SIGN_IN_KEY]: { ...signIn, [provider]: next } };
    await updateOrgSettings(trx, ctx.org.id, updated);
    return updated;
  });
  return viewOf(ctx, settings, provider);
}
