import { createHash, randomBytes } from 'node:crypto';
import { compactVerify, createLocalJWKSet, errors as joseErrors, type JSONWebKeySet, type JWSHeaderParameters, type FlattenedJWSInput } from 'jose';
import { HttpError } from '../../http/errors';
import { fetchOutbound, OutboundError, outboundAddressOf, type OutboundPolicy } from '../../platform/net/outbound-guard';

// The OpenID Connect relying party (decision 020): discovery from `{issuer}/.well-known/openid-configuration`,
// the authorization URL with state, nonce and a PKCE S256 challenge, the code exchange with the client
// secret and the verifier, and the id token's signature by the provider's JWKS (jose). Its claims are
// checked afterwards by the spec rule in @patio/core (verifyMicrosoftIdToken), for all three providers.
// Every fetch (discovery, keys, token endpoint) goes through the server's outbound guard with the
// policy of the issuer it serves (issue 29): an administrator's issuer reaches public https addresses
// only, checked at each connection and redirect.

/** What the server needs of a provider's discovery document. */
export interface ProviderMetadata {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  token_endpoint_auth_methods_supported?: string[];
}

/** A provider's signing keys: fetched when first needed, again when stale, and at once for an unknown `kid` (rate limited). */
export interface ProviderKeys {
  /** The key for a token's header (jose's key resolver). */
  resolve: (header: JWSHeaderParameters, token: FlattenedJWSInput) => Promise<CryptoKey>;
}

interface Discovered {
  metadata: ProviderMetadata;
  jwks: ProviderKeys;
  fetchedAt: number;
}

const DISCOVERY_TTL_MS = 60 * 60 * 1000;
/** Keys are read again after this long, as jose's remote key sets do. */
const KEYS_TTL_MS = 10 * 60 * 1000;
/**
 * An unknown `kid` refetches the keys at once — a provider that rotated its key signs with the new one
 * at the next sign-in — but at most once per this interval per key set, so tokens with made-up kids
 * cannot make the server hammer the provider.
 */
export const UNKNOWN_KID_REFETCH_MS = 60_000;
const FETCH_TIMEOUT_MS = 10_000;
const MAX_DOCUMENT_BYTES = 512 * 1024;
const MAX_REDIRECTS = 3;
const SIGNING_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];
const discovered = new Map<string, Discovered>();
const keySets = new Map<string, ProviderKeys>();

export const providerUnavailable = (detail: string) =>
  new HttpError(502, 'provider_unavailable', `The identity provider could not be reached or answered badly (${detail}); try again later`);

/** The guard refused the provider's address: a configuration the school must change, not a passing failure. */
export const providerAddressRefused = () =>
  new HttpError(
    502,
    'provider_address_refused',
    "The identity provider's address points to a private or local network, or is not https, so this server does not contact it; the school must correct its sign-in settings",
  );

const policyKey = (policy: OutboundPolicy) => `${policy.reach}/${policy.plainHttp}`;

/** A GET of a provider's JSON document through the guard. */
async function getJson(address: string, policy: OutboundPolicy, what: string): Promise<unknown> {
  let answer;
  try {
    answer = await fetchOutbound(address, policy, { method: 'GET', headers: { accept: 'application/json' }, timeoutMs: FETCH_TIMEOUT_MS, maxBytes: MAX_DOCUMENT_BYTES, maxRedirects: MAX_REDIRECTS });
  } catch (err) {
    if (err instanceof OutboundError && (err.code === 'address_refused' || err.code === 'scheme_refused')) throw providerAddressRefused();
    throw providerUnavailable(`${what} failed`);
  }
  if (answer.status !== 200) throw providerUnavailable(`${what} answered ${answer.status}`);
  try {
    return JSON.parse(answer.body) as unknown;
  } catch {
    throw providerUnavailable(`${what} is not JSON`);
  }
}

/** An endpoint of the discovery document: an address the policy lets the server (or the browser) use. */
function assertUsableUrl(value: unknown, what: string, policy: OutboundPolicy): string {
  if (typeof value !== 'string') throw providerUnavailable(`no ${what}`);
  if (outboundAddressOf(value, policy) === null) throw providerAddressRefused();
  return value;
}

function keysAt(jwksUri: string, policy: OutboundPolicy): ProviderKeys {
  const key = `${policyKey(policy)} ${jwksUri}`;
  const known = keySets.get(key);
  if (known) return known;
  let local: ReturnType<typeof createLocalJWKSet> | null = null;
  let fetchedAt = 0;
  let lastUnknownKidFetch = -Infinity;
  let loading: Promise<void> | null = null;
  const load = () => {
    loading ??= (async () => {
      try {
        const body = await getJson(jwksUri, policy, 'its keys');
        try {
          local = createLocalJWKSet(body as JSONWebKeySet);
        } catch {
          throw providerUnavailable('its keys are not a JWKS');
        }
        fetchedAt = Date.now();
      } finally {
        loading = null;
      }
    })();
    return loading;
  };
  const keys: ProviderKeys = {
    async resolve(header, token) {
      let fresh = false;
      if (local === null || Date.now() - fetchedAt > KEYS_TTL_MS) {
        await load();
        fresh = true;
      }
      try {
        return await local!(header, token);
      } catch (err) {
        if (!(err instanceof joseErrors.JWKSNoMatchingKey) || fresh) throw err;
        // Claimed before the fetch, so a burst of unknown kids shares one refetch and the rest wait for the next interval.
        if (Date.now() - lastUnknownKidFetch < UNKNOWN_KID_REFETCH_MS) throw err;
        lastUnknownKidFetch = Date.now();
        await load();
        return await local!(header, token);
      }
    },
  };
  keySets.set(key, keys);
  return keys;
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

/** The provider's metadata and keys, fetched under `policy` once an hour per issuer and policy. */
export async function discover(issuer: string, policy: OutboundPolicy): Promise<Discovered> {
  const cacheKey = `${policyKey(policy)} ${issuer}`;
  const cached = discovered.get(cacheKey);
  if (cached && Date.now() - cached.fetchedAt < DISCOVERY_TTL_MS) return cached;
  const document = await getJson(`${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`, policy, 'discovery');
  if (typeof document !== 'object' || document === null || Array.isArray(document)) throw providerUnavailable('discovery is not an object');
  const body = document as Record<string, unknown>;
  if (typeof body.issuer !== 'string' || !issuerMatches(body.issuer, issuer)) throw providerUnavailable('the discovered issuer is not the configured one');
  const metadata: ProviderMetadata = {
    issuer: body.issuer,
    authorization_endpoint: assertUsableUrl(body.authorization_endpoint, 'authorization endpoint', policy),
    token_endpoint: assertUsableUrl(body.token_endpoint, 'token endpoint', policy),
    jwks_uri: assertUsableUrl(body.jwks_uri, 'jwks_uri', policy),
    token_endpoint_auth_methods_supported: Array.isArray(body.token_endpoint_auth_methods_supported) ? (body.token_endpoint_auth_methods_supported as string[]) : undefined,
  };
  const entry = { metadata, jwks: keysAt(metadata.jwks_uri, policy), fetchedAt: Date.now() };
  discovered.set(cacheKey, entry);
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
export async function exchangeCode(metadata: ProviderMetadata, policy: OutboundPolicy, exchange: CodeExchange): Promise<string> {
  const form = new URLSearchParams({ grant_type: 'authorization_code', code: exchange.code, redirect_uri: exchange.redirectUri, code_verifier: exchange.codeVerifier });
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
  const methods = metadata.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
  if (exchange.clientSecret && methods.includes('client_secret_basic')) {
    headers.authorization = `Basic ${basicCredentials(exchange.clientId, exchange.clientSecret)}`;
  } else {
    form.set('client_id', exchange.clientId);
    if (exchange.clientSecret) form.set('client_secret', exchange.clientSecret);
  }
  let answer;
  try {
    // No redirects: a token endpoint answers the code itself, and a redirected POST would resend the secret.
    answer = await fetchOutbound(metadata.token_endpoint, policy, { method: 'POST', headers, body: form.toString(), timeoutMs: FETCH_TIMEOUT_MS, maxBytes: MAX_DOCUMENT_BYTES, maxRedirects: 0 });
  } catch (err) {
    if (err instanceof OutboundError && (err.code === 'address_refused' || err.code === 'scheme_refused')) throw providerAddressRefused();
    throw providerUnavailable('the token endpoint did not answer');
  }
  let body: Record<string, unknown> | null = null;
  try {
    const parsed = JSON.parse(answer.body) as unknown;
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
  } catch {
    body = null;
  }
  if (answer.status < 200 || answer.status >= 300) {
    const reason = typeof body?.error === 'string' ? body.error.slice(0, 100) : `status ${answer.status}`;
    throw new HttpError(401, 'sso_exchange_failed', `The identity provider refused the sign-in (${reason}); please try signing in again`);
  }
  if (typeof body?.id_token !== 'string') throw providerUnavailable('no id token in the answer');
  return body.id_token;
}

/** Checks the id token's signature with the provider's keys; answers its claims (checked afterwards by the spec rule). */
export async function verifiedClaims(jwks: ProviderKeys, idToken: string): Promise<Record<string, unknown>> {
  try {
    const { payload } = await compactVerify(idToken, jwks.resolve, { algorithms: SIGNING_ALGORITHMS });
    const claims = JSON.parse(new TextDecoder().decode(payload)) as unknown;
    if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) throw new Error('claims');
    return claims as Record<string, unknown>;
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw new HttpError(401, 'invalid_signature', 'The identity token is not signed by the identity provider; please try signing in again');
  }
}
