import { SSO_PROVIDERS, type SsoProvider } from '@patio/core';

/** The server's own client at one identity provider, offered to every school that has not set its own (decision 020). */
export interface OidcClientDefaults {
  issuer: string;
  clientId: string;
  clientSecret?: string;
}

export type OidcDefaults = Partial<Record<SsoProvider, OidcClientDefaults>>;

/**
 * The providers' real issuers. Office's is Microsoft's multi-tenant ("common") endpoint: its discovery
 * names `https://login.microsoftonline.com/{tenantid}/v2.0`, filled from each token's `tid`.
 */
export const defaultIssuers: Record<SsoProvider, string> = {
  google: 'https://accounts.google.com',
  office: 'https://login.microsoftonline.com/common/v2.0',
  apple: 'https://appleid.apple.com',
};

type Env = Record<string, string | undefined>;

/** OIDC_{GOOGLE,OFFICE,APPLE}_{ISSUER,CLIENT_ID,CLIENT_SECRET}: a provider counts once its client id is set. */
export function parseOidcDefaults(env: Env): OidcDefaults {
  const defaults: OidcDefaults = {};
  for (const provider of SSO_PROVIDERS) {
    const prefix = `OIDC_${provider.toUpperCase()}_`;
    const clientId = (env[`${prefix}CLIENT_ID`] ?? '').trim();
    if (!clientId) continue;
    const issuer = (env[`${prefix}ISSUER`] ?? '').trim().replace(/\/+$/, '') || defaultIssuers[provider];
    if (!/^https?:\/\/[^/\s]+/i.test(issuer)) throw new Error(`${prefix}ISSUER must be an http(s) URL, got "${issuer}"`);
    const clientSecret = env[`${prefix}CLIENT_SECRET`] || undefined;
    defaults[provider] = { issuer, clientId, clientSecret };
  }
  return defaults;
}
