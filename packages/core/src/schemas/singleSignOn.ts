import { z } from 'zod';

// Single sign-on with Google, Office 365 and Apple (spec §1 sign-in methods, §7 POST oauth/google,
// oauth/office, oauth/apple; issue 16). Decision 020 explains the flow.

/** The three identity providers a school may offer, in the order the login screen shows them. */
export const SSO_PROVIDERS = ['google', 'office', 'apple'] as const;
export const ZSsoProvider = z.enum(SSO_PROVIDERS);
export type SsoProvider = z.infer<typeof ZSsoProvider>;

/** How each provider is named on screen (brand names, not translated). */
export const SSO_PROVIDER_NAMES: Record<SsoProvider, string> = { google: 'Google', office: 'Office 365', apple: 'Apple' };

/** The web app's route the providers send the browser back to: `/oauth/{provider}/callback`. */
export function ssoCallbackPath(provider: SsoProvider): string {
  return `/oauth/${provider}/callback`;
}

/** Answer of GET oauth/{provider}/authorize: where to send the browser, and the state it must come back with. */
export const ZSsoAuthorization = z.object({
  url: z.string().describe("The provider's authorization URL with state, nonce and the PKCE challenge"),
  state: z.string().describe('Kept by the client and compared with the state the provider sends back (spec §5)'),
});
export type SsoAuthorization = z.infer<typeof ZSsoAuthorization>;

const code = z.string().min(1).max(4096).describe('The authorization code the provider sent back');
const state = z.string().max(200).optional().describe('The state of GET oauth/{provider}/authorize; required (spec §5: it must match the stored one)');

/** Body of POST oauth/google and POST oauth/office (spec §7 `{code}`, plus the state). */
export const ZSsoCodeRequest = z.object({ code, state });
export type SsoCodeRequest = z.infer<typeof ZSsoCodeRequest>;

/** Body of POST oauth/apple (spec §7 `{email, code}`): Apple tells the email only on the first sign-in. */
export const ZAppleCodeRequest = z.object({
  code,
  state,
  email: z.string().trim().max(254).nullish().describe("The email Apple posted on the first sign-in; must equal the id token's email"),
});
export type AppleCodeRequest = z.infer<typeof ZAppleCodeRequest>;

/** Answer of a provider sign-in with no account where the school lets families register: the registration, pre-filled. */
export const ZSsoRegistrationStart = z.object({
  registration: z.object({
    provider: ZSsoProvider,
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
  }),
});
export type SsoRegistrationStart = z.infer<typeof ZSsoRegistrationStart>;

/** One provider account linked to a person (GET people/{id}/sign-in-links). */
export const ZSignInLink = z.object({
  id: z.number().int(),
  provider: ZSsoProvider,
  email: z.string().nullable().describe('The email the provider gave when the account was linked or last used'),
  linkedAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type SignInLink = z.infer<typeof ZSignInLink>;

/** A school's configuration of one provider as administrators read it: the client secret never leaves the server. */
export const ZSsoProviderSettings = z.object({
  provider: ZSsoProvider,
  /** The login screen offers it (a client id is known and the school has not turned it off). */
  available: z.boolean(),
  enabled: z.boolean(),
  clientId: z.string().nullable(),
  hasClientSecret: z.boolean(),
  issuer: z.string().nullable().describe("The school's own issuer; null: the server's (OIDC_*_ISSUER) or the provider's"),
  effectiveIssuer: z.string(),
  tenants: z.array(z.string()).describe('Office: the Microsoft tenant ids (tid) accepted'),
  domains: z.array(z.string()).describe('Google: the Workspace domains (hd) accepted; empty: any verified Google account'),
  allowSelfRegistration: z.boolean(),
  /** The server's environment configures this provider for every school (OIDC_*_CLIENT_ID). */
  fromEnvironment: z.boolean(),
  redirectUri: z.string().describe('The address to register with the provider'),
});
export type SsoProviderSettings = z.infer<typeof ZSsoProviderSettings>;

/** Answer of GET settings/single-sign-on. */
export const ZSsoSettings = z.object({ providers: z.array(ZSsoProviderSettings) });
export type SsoSettings = z.infer<typeof ZSsoSettings>;

/** True for an https address (or http on the loopback interface, for local providers) usable as an issuer. */
export function isIssuerAddress(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  return (url.protocol === 'https:' || (url.protocol === 'http:' && loopback)) && !url.username && !url.password && !url.search && !url.hash;
}

const listOf = (pattern: RegExp, message: string) => z.array(z.string().trim().toLowerCase().max(100).regex(pattern, message)).max(50);

/** Body of PUT settings/single-sign-on/{provider}; the secret is write-only: omitted keeps it, null removes it. */
export const ZSsoProviderSettingsRequest = z.object({
  enabled: z.boolean(),
  clientId: z.string().trim().max(300).nullable(),
  clientSecret: z.string().max(4096).nullable().optional(),
  issuer: z.string().trim().max(300).refine(isIssuerAddress, 'An https address').nullable(),
  tenants: listOf(/^[0-9a-f-]{8,40}$|^[a-z0-9.-]+\.[a-z]{2,}$/, 'A tenant id (GUID) or domain').default([]),
  domains: listOf(/^[a-z0-9.-]+\.[a-z]{2,}$/, 'A domain such as colegio.edu.co').default([]),
  allowSelfRegistration: z.boolean().default(false),
});
export type SsoProviderSettingsRequest = z.input<typeof ZSsoProviderSettingsRequest>;
