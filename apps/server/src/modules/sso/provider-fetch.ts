import type { CustomFetch, CustomFetchOptions } from 'openid-client';
import { HttpError } from '../../http/errors';
import { fetchOutbound, OutboundError, type OutboundPolicy, type OutboundResponse } from '../../platform/net/outbound-guard';

// How the server reaches an identity provider (decision 020, issue 29). openid-client speaks the
// protocol; every request it makes (discovery, token endpoint) and the key set fetched here go through
// the server's outbound guard with the policy of the issuer they serve: an administrator's issuer
// reaches public https addresses only, checked at each connection and redirect, with a time limit and
// a size limit on the answer. openid-client asks not to follow redirects; a GET still follows up to
// three, each checked by the guard, as the server always did (a provider's discovery may sit behind
// one); a POST follows none, so a redirected token request never resends the secret.

const FETCH_TIMEOUT_MS = 10_000;
const MAX_DOCUMENT_BYTES = 512 * 1024;
const MAX_REDIRECTS = 3;

export const providerUnavailable = (detail: string) =>
  new HttpError(502, 'provider_unavailable', `The identity provider could not be reached or answered badly (${detail}); try again later`);

/** The guard refused the provider's address: a configuration the school must change, not a passing failure. */
export const providerAddressRefused = () =>
  new HttpError(
    502,
    'provider_address_refused',
    "The identity provider's address points to a private or local network, or is not https, so this server does not contact it; the school must correct its sign-in settings",
  );

/** The answer to a request the guard did not let through, or that got no answer (`detail` says which). */
export function unreachable(err: OutboundError, detail: string): HttpError {
  return err.code === 'address_refused' || err.code === 'scheme_refused' ? providerAddressRefused() : providerUnavailable(detail);
}

export const policyKey = (policy: OutboundPolicy) => `${policy.reach}/${policy.plainHttp}`;

function fetchFromProvider(address: string, policy: OutboundPolicy, method: 'GET' | 'POST', headers: Record<string, string>, body?: string): Promise<OutboundResponse> {
  return fetchOutbound(address, policy, { method, headers, body, timeoutMs: FETCH_TIMEOUT_MS, maxBytes: MAX_DOCUMENT_BYTES, maxRedirects: method === 'GET' ? MAX_REDIRECTS : 0 });
}

/** A GET of a provider's JSON document (its key set) through the guard. */
export async function getJson(address: string, policy: OutboundPolicy, what: string): Promise<unknown> {
  let answer;
  try {
    answer = await fetchFromProvider(address, policy, 'GET', { accept: 'application/json' });
  } catch (err) {
    if (err instanceof OutboundError) throw unreachable(err, `${what} failed`);
    throw providerUnavailable(`${what} failed`);
  }
  if (answer.status !== 200) throw providerUnavailable(`${what} answered ${answer.status}`);
  try {
    return JSON.parse(answer.body) as unknown;
  } catch {
    throw providerUnavailable(`${what} is not JSON`);
  }
}

function bodyText(body: CustomFetchOptions['body']): string | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  // openid-client sends forms and strings only for the requests the server makes.
  throw new OutboundError('unreachable', 'Only form and text bodies are sent to identity providers');
}

/** The guard's answer as the Fetch API Response openid-client reads. */
function responseOf(answer: OutboundResponse): Response {
  if (answer.status < 200 || answer.status > 599) throw new OutboundError('unreachable', `The address answered with status ${answer.status}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, one);
  }
  const empty = answer.status === 204 || answer.status === 205 || answer.status === 304;
  return new Response(empty ? null : answer.body, { status: answer.status, headers });
}

const isDiscovery = (url: string) => new URL(url).pathname.endsWith('/.well-known/openid-configuration');

function idTokenIn(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as { id_token?: unknown } | null;
    return typeof parsed?.id_token === 'string' ? parsed.id_token : null;
  } catch {
    return null;
  }
}

/** A discovery document's answer and the address it was asked at. */
export interface DiscoveryAnswer {
  address: string;
  answer: OutboundResponse;
}

/** The fetch one sign-in step hands to openid-client, and what it saw on the way. */
export interface ProviderFetch {
  fetch: CustomFetch;
  /** The discovery document's answer: the cached one it was given, or the one it fetched. */
  discoveryAnswer(): DiscoveryAnswer | null;
  /** The token endpoint's answer, if one came: its id token as sent, or null without one. */
  tokenAnswer(): { idToken: string | null } | null;
}

/**
 * A fetch for openid-client under `policy`. A discovery document already known (`discovery`, cached
 * by the caller) is answered without asking the provider again; the token endpoint's id token is
 * kept, so that a token openid-client refuses is explained by the server's own checks.
 */
export function providerFetch(policy: OutboundPolicy, discovery: DiscoveryAnswer | null): ProviderFetch {
  let discovered = discovery;
  let token: { idToken: string | null } | null = null;
  const fetch: CustomFetch = async (url, options) => {
    const method = options.method.toUpperCase();
    if (method !== 'GET' && method !== 'POST') throw new OutboundError('unreachable', `${method} is not sent to identity providers`);
    if (method === 'GET' && isDiscovery(url)) {
      if (discovered?.address !== url) discovered = { address: url, answer: await fetchFromProvider(url, policy, method, options.headers) };
      return responseOf(discovered.answer);
    }
    const answer = await fetchFromProvider(url, policy, method, options.headers, bodyText(options.body));
    if (method === 'POST') token = { idToken: idTokenIn(answer.body) };
    return responseOf(answer);
  };
  return { fetch, discoveryAnswer: () => discovered, tokenAnswer: () => token };
}
