import { createHash, randomBytes } from 'node:crypto';
import { compactVerify, createRemoteJWKSet, errors as joseErrors } from 'jose';
import { HttpError } from '../../http/errors';

// The OpenID Connect relying party (decision 020): discovery from `{issuer}/.well-known/openid-configuration`,
// the authorization URL with state, nonce and a PKCE S256 challenge, the code exchange with the client
// secret and the verifier, and the id token's signature by the provider's JWKS (jose). Its claims are
// checked afterwards by the spec rule in @patio/core (verifyMicrosoftIdToken), for all three providers.

/** What the server needs of a provider's discovery document. */
export interface ProviderMetadata {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  token_endpoint_auth_methods_supported?: string[];
}

interface Discovered {
  metadata: ProviderMetadata;
  jwks: ReturnType<typeof createRemoteJWKSet>;
  fetchedAt: number;
}

const DISCOVERY_TTL_MS = 60 * 60 * 1000;
const FETCH_TIMEOUT_MS = 10_000;
const SIGNING_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];
const discovered = new Map<string, Discovered>();

export const providerUnavailable = (detail: string) =>
  new HttpError(502, 'provider_unavailable', `The identity provider could not be reached or answered badly (${detail}); try again later`);

/** http is accepted for loopback addresses only (local providers in tests and demos); everything else is https. */
function assertUsableUrl(value: unknown, what: string): string {
  if (typeof value !== 'string') throw providerUnavailable(`no ${what}`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw providerUnavailable(`invalid ${what}`);
  }
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) throw providerUnavailable(`${what} is not https`);
  return value;
}

/**
 * Microsoft's multi-tenant discovery (…/common/v2.0) names the issuer `…/{tenantid}/v2.0`: it matches
 * any tenant, and each token's issuer is checked with its own `tid` (core's matchesIssuer).
 */
function issuerMatches(discoveredIssuer: string, configured: string): boolean {
  const trim = (s: string) => s.replace(/\/+$/, '');
  if (trim(discoveredIssuer) === trim(configured)) return true;
  if (!discoveredIssuer.includes('{tenantid}')) return false;
  const [before, after] = trim(discoveredIssuer).split('{tenantid}');
  const rest = trim(configured);
  return rest.startsWith(before) && rest.endsWith(after) && /^[A-Za-z0-9.-]+$/.test(rest.slice(before.length, rest.length - after.length));
}

/** The provider's metadata and JWKS, fetched once an hour per issuer. */
export async function discover(issuer: string): Promise<Discovered> {
  const cached = discovered.get(issuer);
  if (cached && Date.now() - cached.fetchedAt < DISCOVERY_TTL_MS) return cached;
  let body: Record<string, unknown>;
  try {
    const res = await fetch(`${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'error' });
    if (!res.ok) throw providerUnavailable(`discovery answered ${res.status}`);
    body = (await res.json()) as Record<string, unknown>;
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw providerUnavailable('discovery failed');
  }
  if (typeof body.issuer !== 'string' || !issuerMatches(body.issuer, issuer)) throw providerUnavailable('the discovered issuer is not the configured one');
  const metadata: ProviderMetadata = {
    issuer: body.issuer,
    authorization_endpoint: assertUsableUrl(body.authorization_endpoint, 'authorization endpoint'),
    token_endpoint: assertUsableUrl(body.token_endpoint, 'token endpoint'),
    jwks_uri: assertUsableUrl(body.jwks_uri, 'jwks_uri'),
    token_endpoint_auth_methods_supported: Array.isArray(body.token_endpoint_auth_methods_supported) ? (body.token_endpoint_auth_methods_supported as string[]) : undefined,
  };
  const entry = { metadata, jwks: createRemoteJWKSet(new URL(metadata.jwks_uri), { timeoutDuration: FETCH_TIMEOUT_MS }), fetchedAt: Date.now() };
  discovered.set(issuer, entry);
  return entry;
}

/** A fresh random value for state, nonce and the PKCE verifier (256 bits, base64url). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** RFC 7636 S256: base64url(SHA-256(verifier)). */
export function pkceChallengeOf(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

export interface AuthorizationRequest {
  clientId: string;
  redirectUri: string;
  state: string;
  nonce: string;
  codeVerifier: string;
  /** Apple posts its answer (form_post) when the email scope is asked for. */
  responseMode?: 'form_post';
  /** Extra parameters (Google: hd; Microsoft: prompt). */
  extra?: Record<string, string>;
}

/** The provider's authorization URL for one sign-in. */
export function authorizationUrl(metadata: ProviderMetadata, request: AuthorizationRequest): string {
  const url = new URL(metadata.authorization_endpoint);
  const params: Record<string, string> = {
    response_type: 'code',
    client_id: request.clientId,
    redirect_uri: request.redirectUri,
    scope: 'openid email profile',
    state: request.state,
    nonce: request.nonce,
    code_challenge: pkceChallengeOf(request.codeVerifier),
    code_challenge_method: 'S256',
    ...(request.responseMode ? { response_mode: request.responseMode, scope: 'openid email name' } : {}),
    ...request.extra,
  };
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

export interface CodeExchange {
  code: string;
  redirectUri: string;
  codeVerifier: string;
  clientId: string;
  clientSecret: string | null;
}

/** RFC 6749 §2.3.1: the client id and secret are form-encoded before they are joined for HTTP Basic. */
function basicCredentials(clientId: string, secret: string): string {
  const encode = (value: string) => encodeURIComponent(value).replace(/%20/g, '+');
  return Buffer.from(`${encode(clientId)}:${encode(secret)}`).toString('base64');
}

/** Exchanges the code at the token endpoint; answers the id token (401 sso_exchange_failed when the provider refuses). */
export async function exchangeCode(metadata: ProviderMetadata, exchange: CodeExchange): Promise<string> {
  const form = new URLSearchParams({ grant_type: 'authorization_code', code: exchange.code, redirect_uri: exchange.redirectUri, code_verifier: exchange.codeVerifier });
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
  const methods = metadata.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
  if (exchange.clientSecret && methods.includes('client_secret_basic')) {
    headers.authorization = `Basic ${basicCredentials(exchange.clientId, exchange.clientSecret)}`;
  } else {
    form.set('client_id', exchange.clientId);
    if (exchange.clientSecret) form.set('client_secret', exchange.clientSecret);
  }
  let res: Response;
  try {
    res = await fetch(metadata.token_endpoint, { method: 'POST', headers, body: form, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'error' });
  } catch {
    throw providerUnavailable('the token endpoint did not answer');
  }
  const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (!res.ok) {
    const reason = typeof body?.error === 'string' ? body.error : `status ${res.status}`;
    throw new HttpError(401, 'sso_exchange_failed', `The identity provider refused the sign-in (${reason}); please try signing in again`);
  }
  if (typeof body?.id_token !== 'string') throw providerUnavailable('no id token in the answer');
  return body.id_token;
}

/** Checks the id token's signature with the provider's keys; answers its claims (checked afterwards by the spec rule). */
export async function verifiedClaims(jwks: Discovered['jwks'], idToken: string): Promise<Record<string, unknown>> {
  try {
    const { payload } = await compactVerify(idToken, jwks, { algorithms: SIGNING_ALGORITHMS });
    const claims = JSON.parse(new TextDecoder().decode(payload)) as unknown;
    if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) throw new Error('claims');
    return claims as Record<string, unknown>;
  } catch (err) {
    if (err instanceof joseErrors.JWKSTimeout) throw providerUnavailable('its keys could not be read');
    throw new HttpError(401, 'invalid_signature', 'The identity token is not signed by the identity provider; please try signing in again');
  }
}
