import { MICROSOFT_CLOCK_SKEW_S } from '@patio/core';
import * as oidc from 'openid-client';
import { HttpError } from '../../http/errors';
import { OutboundError, outboundAddressOf, type OutboundPolicy } from '../../platform/net/outbound-guard';
import { checkedClaims, type IdTokenExpectations } from './id-token';
import { type DiscoveryAnswer, policyKey, providerAddressRefused, providerFetch, type ProviderFetch, providerUnavailable, unreachable } from './provider-fetch';
import { keysAt, type ProviderKeys } from './provider-keys';

// The OpenID Connect relying party (decision 020) on openid-client (certified): discovery from
// `{issuer}/.well-known/openid-configuration` with the issuer compared (Microsoft's multi-tenant
// `{tenantid}` issuer included), the authorization URL, and the code exchange with PKCE, the client
// secret and the id token's claims checked (issuer, audience and authorized party, nonce, nbf and exp
// within 300 s). What stays the server's own:
// - every request goes through the outbound guard with the issuer's policy (provider-fetch.ts);
// - the id token's signature and the spec §5 rule, which also refuses an iat more than 300 s ahead
//   and names each failure with the spec's code and text (id-token.ts, provider-keys.ts);
// - the discovery document is kept an hour per issuer and policy.

/** The client a school signs in with at one provider. */
export interface OidcClient {
  issuer: string;
  clientId: string;
  clientSecret: string | null;
  policy: OutboundPolicy;
}

/** A provider discovered for one step of a sign-in (start or finish). */
export interface Provider {
  configuration: oidc.Configuration;
  /** The issuer the provider names itself (Microsoft's multi-tenant one contains `{tenantid}`). */
  issuer: string;
  clientId: string;
  keys: ProviderKeys;
  transport: ProviderFetch;
}

const DISCOVERY_TTL_MS = 60 * 60 * 1000;
const discoveries = new Map<string, { answer: DiscoveryAnswer; fetchedAt: number }>();

const HTTP_REFUSED = new Set(['OAUTH_HTTP_REQUEST_FORBIDDEN', 'OAUTH_REQUEST_PROTOCOL_FORBIDDEN']);

/** The error and its causes, outermost first (openid-client wraps what the fetch threw). */
function causesOf(err: unknown): unknown[] {
  const found: unknown[] = [];
  for (let at = err; at !== null && typeof at === 'object' && found.length < 8; at = (at as { cause?: unknown }).cause) found.push(at);
  return found;
}

const outboundFailureIn = (err: unknown) => causesOf(err).find((cause): cause is OutboundError => cause instanceof OutboundError);
const libraryCode = (err: unknown) => (err instanceof oidc.ClientError ? err.code : undefined);
const statusIn = (err: unknown) => causesOf(err).find((cause): cause is Response => cause instanceof Response)?.status;

/**
 * `client_secret_basic` when the provider lists it (or lists nothing: the default), else
 * `client_secret_post`, as Apple wants; the id and secret are form-encoded for Basic (RFC 6749 §2.3.1).
 */
function clientAuthentication(secret: string | null): oidc.ClientAuth {
  if (secret === null) return oidc.None();
  return (as, client, body, headers) => {
    const methods = as.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
    const authenticate = methods.includes('client_secret_basic') ? oidc.ClientSecretBasic(secret) : oidc.ClientSecretPost(secret);
    authenticate(as, client, body, headers);
  };
}

function discoveryRefusal(err: unknown): HttpError {
  const outbound = outboundFailureIn(err);
  if (outbound) return unreachable(outbound, 'discovery failed');
  const code = libraryCode(err);
  if (code !== undefined && HTTP_REFUSED.has(code)) return providerAddressRefused();
  if (code === 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED') return providerUnavailable('the discovered issuer is not the configured one');
  if (code === 'OAUTH_RESPONSE_IS_NOT_CONFORM') return providerUnavailable(`discovery answered ${statusIn(err) ?? 'badly'}`);
  return providerUnavailable('discovery answered badly');
}

/** The issuer a discovery document named when openid-client found it is not the one asked for. */
function namedIssuerOf(err: unknown): string | null {
  if (libraryCode(err) !== 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED') return null;
  const issuer = ((err as Error).cause as { body?: { issuer?: unknown } } | undefined)?.body?.issuer;
  return typeof issuer === 'string' ? issuer : null;
}

function discovery(client: OidcClient, issuer: string, transport: ProviderFetch): Promise<oidc.Configuration> {
  return oidc.discovery(new URL(issuer), client.clientId, { [oidc.clockTolerance]: MICROSOFT_CLOCK_SKEW_S }, clientAuthentication(client.clientSecret), {
    [oidc.customFetch]: transport.fetch,
    // openid-client refuses plain http; the guard allows it only to a loopback provider, under a policy that reaches one.
    execute: client.policy.reach === 'public' ? [] : [oidc.allowInsecureRequests],
  });
}

/** An endpoint of the discovery document: an address the policy lets the server (or the browser) use. */
function usableEndpoint(value: unknown, what: string, policy: OutboundPolicy): string {
  if (typeof value !== 'string') throw providerUnavailable(`no ${what}`);
  if (outboundAddressOf(value, policy) === null) throw providerAddressRefused();
  return value;
}

/** The provider of `client`: its discovery document fetched under the client's policy once an hour per issuer and policy. */
export async function discover(client: OidcClient): Promise<Provider> {
  if (outboundAddressOf(client.issuer, client.policy) === null) throw providerAddressRefused();
  const cacheKey = `${policyKey(client.policy)} ${client.issuer}`;
  const cached = discoveries.get(cacheKey);
  const fresh = cached !== undefined && Date.now() - cached.fetchedAt < DISCOVERY_TTL_MS;
  const transport = providerFetch(client.policy, fresh ? cached.answer : null);
  let configuration: oidc.Configuration;
  try {
    configuration = await discovery(client, client.issuer, transport);
  } catch (err) {
    // Issuers are stored without a trailing slash; a provider whose issuer ends with one is still the same issuer.
    const named = namedIssuerOf(err);
    if (named === null || named.replace(/\/+$/, '') !== client.issuer.replace(/\/+$/, '')) throw discoveryRefusal(err);
    try {
      configuration = await discovery(client, named, transport);
    } catch (again) {
      throw discoveryRefusal(again);
    }
  }
  const metadata = configuration.serverMetadata();
  usableEndpoint(metadata.authorization_endpoint, 'authorization endpoint', client.policy);
  usableEndpoint(metadata.token_endpoint, 'token endpoint', client.policy);
  const jwksUri = usableEndpoint(metadata.jwks_uri, 'jwks_uri', client.policy);
  const answer = transport.discoveryAnswer();
  if (!fresh && answer) discoveries.set(cacheKey, { answer, fetchedAt: Date.now() });
  return { configuration, issuer: metadata.issuer, clientId: client.clientId, keys: keysAt(jwksUri, client.policy), transport };
}

/** Fresh random values for one sign-in: state, nonce and the PKCE verifier. */
export function newSignIn(): { state: string; nonce: string; codeVerifier: string } {
  return { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() };
}

export interface AuthorizationRequest {
  redirectUri: string;
  state: string;
  nonce: string;
  codeVerifier: string;
  /** Apple posts its answer (form_post) when the email scope is asked for. */
  responseMode?: 'form_post';
  /** Extra parameters (Google: hd; Microsoft: prompt). */
  extra?: Record<string, string>;
}

/** The provider's authorization URL for one sign-in (response_type code, PKCE S256). */
export async function authorizationUrl(provider: Provider, request: AuthorizationRequest): Promise<string> {
  const parameters: Record<string, string> = {
    redirect_uri: request.redirectUri,
    scope: 'openid email profile',
    state: request.state,
    nonce: request.nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(request.codeVerifier),
    code_challenge_method: 'S256',
    ...(request.responseMode ? { response_mode: request.responseMode, scope: 'openid email name' } : {}),
    ...request.extra,
  };
  try {
    return oidc.buildAuthorizationUrl(provider.configuration, parameters).href;
  } catch (err) {
    throw discoveryRefusal(err);
  }
}

/** What the sign-in's start stored, to finish it with. */
export interface StartedSignIn {
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
}

const exchangeFailed = (reason: string) =>
  new HttpError(401, 'sso_exchange_failed', `The identity provider refused the sign-in (${reason.slice(0, 100)}); please try signing in again`);

/** A refusal openid-client makes and the server's own checks do not: the authorized party, a missing iat or sub, … */
function refusedByLibraryOnly(err: unknown): HttpError {
  const problem = causesOf(err).find((cause) => typeof cause === 'object' && cause !== null && ('claims' in cause || 'header' in cause)) as
    | { claim?: unknown; claims?: Record<string, unknown> }
    | undefined;
  if (problem?.claim === 'aud' || problem?.claim === 'azp') {
    return new HttpError(401, 'invalid_audience', 'Invalid audience — the id token was issued for another application.');
  }
  if (problem?.claims && typeof problem.claims.sub !== 'string') return new HttpError(401, 'invalid_id_token', 'The identity token names no account; please try signing in again');
  if (problem) return new HttpError(401, 'invalid_id_token', 'The identity token is not valid; please try signing in again');
  return providerUnavailable('the token endpoint answered badly');
}

/** Throws the answer for a code exchange openid-client did not complete. */
async function refuseExchange(err: unknown, provider: Provider, expected: IdTokenExpectations): Promise<never> {
  const outbound = outboundFailureIn(err);
  if (outbound) throw unreachable(outbound, 'the token endpoint did not answer');
  if (err instanceof oidc.ResponseBodyError) throw exchangeFailed(err.error);
  if (err instanceof oidc.WWWAuthenticateChallengeError) throw exchangeFailed(err.cause.find((c) => c.parameters.error)?.parameters.error ?? `status ${err.status}`);
  const code = libraryCode(err);
  if (code !== undefined && HTTP_REFUSED.has(code)) throw providerAddressRefused();
  if (code === 'OAUTH_RESPONSE_IS_NOT_CONFORM') throw exchangeFailed(`status ${statusIn(err) ?? 'unknown'}`);
  const answered = provider.transport.tokenAnswer();
  if (answered === null) throw providerUnavailable('the token endpoint did not answer');
  if (answered.idToken === null) throw providerUnavailable('no id token in the answer');
  // The token openid-client refused, checked as the server always did (signature first): its answer names the fault.
  await checkedClaims(provider.keys, answered.idToken, expected);
  throw refusedByLibraryOnly(err);
}

/**
 * Exchanges the code at the token endpoint (PKCE verifier, client secret) and answers the id token's
 * claims once openid-client and the server's own checks accept it (401 sso_exchange_failed when the
 * provider refuses the code; 401 with the failed check's code for a token that is not right).
 */
export async function exchangeCode(provider: Provider, code: string, started: StartedSignIn): Promise<Record<string, unknown>> {
  const answer = new URL(started.redirectUri);
  answer.searchParams.set('code', code);
  answer.searchParams.set('state', started.state);
  // The web app hands on code and state only (spec §7). The state was stored with the issuer it was
  // issued for and sends the code to that issuer alone, so it stands for the RFC 9207 `iss` parameter.
  answer.searchParams.set('iss', provider.issuer);
  const expected: IdTokenExpectations = { state: started.state, nonce: started.nonce, clientId: provider.clientId, issuer: provider.issuer };
  let tokens: oidc.TokenEndpointResponse;
  try {
    tokens = await oidc.authorizationCodeGrant(provider.configuration, answer, {
      pkceCodeVerifier: started.codeVerifier,
      expectedNonce: started.nonce,
      expectedState: started.state,
      idTokenExpected: true,
    });
  } catch (err) {
    return refuseExchange(err, provider, expected);
  }
  if (typeof tokens.id_token !== 'string') throw providerUnavailable('no id token in the answer');
  return checkedClaims(provider.keys, tokens.id_token, expected);
}
