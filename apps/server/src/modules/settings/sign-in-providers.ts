import { SSO_PROVIDERS, type SsoProvider } from '@patio/core';
import { defaultIssuers, type OidcDefaults } from '../../oidc-config';

// Which Google, Office 365 and Apple clients a school signs in with (decision 020). Stored in
// orgs.settings JSON under `signIn`:
//   signIn: { google?: { enabled?, clientId?, clientSecret?, issuer?, domains?, allowSelfRegistration? },
//             office?: { …, tenants? (tenant: an older single tenant) }, apple?: { … } }
// A school's own client id wins; without one, the server's (OIDC_*_CLIENT_ID) serves it, unless the
// school turned the provider off (enabled: false). The secret is read here and by the code exchange only.

export const SIGN_IN_KEY = 'signIn';

/** One provider as a school signs in with it. */
export interface SignInProvider {
  provider: SsoProvider;
  /** Offered on the login screen: on, and a client id is known. */
  available: boolean;
  enabled: boolean;
  clientId: string | null;
  clientSecret: string | null;
  /** The issuer used (the school's, else the server's, else the provider's real one). */
  issuer: string;
  /** The school's own issuer, if it set one. */
  ownIssuer: string | null;
  /** The client is the server's (OIDC_* environment), not the school's. */
  fromEnvironment: boolean;
  /** The server's environment has a client for this provider. */
  environmentOffers: boolean;
  tenants: string[];
  domains: string[];
  allowSelfRegistration: boolean;
}

/** The stored settings of one provider (an object, or {}). */
export function storedProviderOf(settings: Record<string, unknown>, provider: SsoProvider): Record<string, unknown> {
  const signIn = isRecord(settings[SIGN_IN_KEY]) ? settings[SIGN_IN_KEY] : {};
  return isRecord(signIn[provider]) ? signIn[provider] : {};
}

/** How the school signs in with `provider`, its own settings over the server's defaults. */
export function signInProviderOf(settings: Record<string, unknown>, provider: SsoProvider, defaults: OidcDefaults = {}): SignInProvider {
  const stored = storedProviderOf(settings, provider);
  const fallback = defaults[provider];
  const ownClientId = text(stored.clientId);
  const ownIssuer = text(stored.issuer);
  const enabled = stored.enabled !== false;
  const fromEnvironment = ownClientId === null && fallback !== undefined;
  const clientId = ownClientId ?? fallback?.clientId ?? null;
  const tenants = [...strings(stored.tenants), ...strings([stored.tenant])];
  return {
    provider,
    available: enabled && clientId !== null,
    enabled,
    clientId,
    clientSecret: fromEnvironment ? (fallback?.clientSecret ?? null) : text(stored.clientSecret),
    issuer: ownIssuer ?? (fromEnvironment ? fallback.issuer : defaultIssuers[provider]),
    ownIssuer,
    fromEnvironment,
    environmentOffers: fallback !== undefined,
    tenants: [...new Set(tenants.map((t) => t.toLowerCase()))],
    domains: strings(stored.domains).map((d) => d.toLowerCase()),
    allowSelfRegistration: stored.allowSelfRegistration === true,
  };
}

/** spec §3 Settings `signIn`: which providers the login screen offers. */
export function availableSignInProviders(settings: Record<string, unknown>, defaults: OidcDefaults = {}): Record<SsoProvider, boolean> {
  const flags = {} as Record<SsoProvider, boolean>;
  for (const provider of SSO_PROVIDERS) flags[provider] = signInProviderOf(settings, provider, defaults).available;
  return flags;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v.trim() !== '').map((v) => v.trim()) : [];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
