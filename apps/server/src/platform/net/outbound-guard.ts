import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import { rootCertificates } from 'node:tls';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';

// The one door through which the server fetches an address somebody else chose: a school's calendar
// feed, a school's OpenID provider (its discovery document, keys and token endpoint), a picture a post
// shows from another site (modules/proxy). Such an address must not reach the server's own network
// (SSRF). Every connection — the first and each redirect — goes through request-filtering-agent, which
// checks the address a name resolves to at connect time, so a name that resolves to 127.0.0.1, 10.x,
// 169.254.x, ::1 or fc00::/7 (or changes its answer between two lookups) is refused just like the
// literal address. Redirects are followed by hand, each checked again; the whole exchange has a time
// limit and the body a size limit.

/**
 * Which addresses may be reached: `public` only; `loopback` also 127.0.0.1 and ::1 (local test
 * providers); `private` also every private, loopback and link-local address (an operator's choice).
 */
export type OutboundReach = 'public' | 'loopback' | 'private';

export interface OutboundPolicy {
  reach: OutboundReach;
  /**
   * `any`: http and https; `loopback`: plain http only to 127.0.0.1, ::1 or localhost when `reach` allows
   * them, else https; `never`: https only, whatever `reach` allows.
   */
  plainHttp: 'any' | 'loopback' | 'never';
  /** Tests only: one more certificate authority trusted for https (a local test server's own); never from the environment. */
  trustedCa?: string;
}

export type OutboundFailure = 'address_refused' | 'scheme_refused' | 'timeout' | 'too_large' | 'too_many_redirects' | 'unreachable';

/** Why an outbound request did not produce an answer. */
export class OutboundError extends Error {
  constructor(
    readonly code: OutboundFailure,
    message: string,
  ) {
    super(message);
    this.name = 'OutboundError';
  }
}

export interface OutboundRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
  maxBytes: number;
  /** Redirects followed (GET only; a POST answers its redirect as it is). */
  maxRedirects: number;
}

export interface OutboundResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body as UTF-8 text. */
  readonly body: string;
  /** The body as it came (pictures are not text). */
  bytes: Buffer;
  /** The address that answered, after redirects. */
  url: string;
}

const LOOPBACK_NAMES = new Set(['127.0.0.1', '[::1]', 'localhost']);
// Exact addresses, not ranges: request-filtering-agent compares single addresses as text, while a
// range of the other IP family makes it log a warning on every lookup.
const LOOPBACK_ADDRESSES = ['127.0.0.1', '::1'];

/** The http(s) address `raw` names when the policy lets it be fetched at all (scheme, no credentials); null otherwise. */
export function outboundAddressOf(raw: string, policy: OutboundPolicy): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.username !== '' || url.password !== '' || url.hostname === '') return null;
  if (url.protocol === 'https:') return url.toString();
  if (url.protocol !== 'http:' || policy.plainHttp === 'never') return null;
  if (policy.plainHttp === 'any') return url.toString();
  return policy.reach !== 'public' && LOOPBACK_NAMES.has(url.hostname) ? url.toString() : null;
}

function agentFor(url: URL, policy: OutboundPolicy): http.Agent {
  const filter = {
    keepAlive: false,
    allowPrivateIPAddress: policy.reach === 'private',
    allowIPAddressList: policy.reach === 'loopback' ? LOOPBACK_ADDRESSES : [],
  };
  if (url.protocol !== 'https:') return new RequestFilteringHttpAgent(filter);
  return new RequestFilteringHttpsAgent(policy.trustedCa ? { ...filter, ca: [...rootCertificates, policy.trustedCa] } : filter);
}

/** One exchange through the filtering agent; resolves once the answer's headers arrived. */
function send(url: URL, policy: OutboundPolicy, request: OutboundRequest, signal: AbortSignal): Promise<IncomingMessage> {
  const call = url.protocol === 'https:' ? https.request : http.request;
  const headers: Record<string, string> = { 'accept-encoding': 'identity', ...request.headers };
  if (request.body !== undefined) headers['content-length'] = String(Buffer.byteLength(request.body));
  return new Promise((resolve, reject) => {
    const req = call(url, { method: request.method ?? 'GET', agent: agentFor(url, policy), signal, headers }, resolve);
    req.on('error', reject);
    req.end(request.body);
  });
}

async function readBody(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const tooLarge = () => new OutboundError('too_large', `The answer is larger than ${maxBytes} bytes`);
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      response.destroy();
      throw tooLarge();
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function failureOf(err: unknown, timedOut: boolean): OutboundError {
  if (err instanceof OutboundError) return err;
  if (timedOut) return new OutboundError('timeout', 'The address did not answer in time');
  const message = err instanceof Error ? err.message : String(err);
  // request-filtering-agent's refusal: "DNS lookup … is not allowed. Because, It is private IP address."
  if (/is not allowed/i.test(message)) return new OutboundError('address_refused', 'The address points to a private or local network, which is not allowed');
  return new OutboundError('unreachable', 'The address could not be reached');
}

const isRedirect = (status: number) => status === 301 || status === 302 || status === 303 || status === 307 || status === 308;

/**
 * Fetches `address` under `policy`: every hop's scheme and resolved address are checked, redirects
 * (GET only) up to `maxRedirects`. Answers any status with its body (at most `maxBytes`); throws
 * OutboundError when there is no answer to give.
 */
export async function fetchOutbound(address: string, policy: OutboundPolicy, request: OutboundRequest): Promise<OutboundResponse> {
  let current = outboundAddressOf(address, policy);
  if (current === null) throw new OutboundError('scheme_refused', policy.plainHttp === 'any' ? 'The address must be an http or https address' : 'The address must be an https address');
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, request.timeoutMs);
  try {
    for (let redirects = 0; ; redirects++) {
      const response = await send(new URL(current), policy, request, controller.signal);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (isRedirect(status) && location && (request.method ?? 'GET') === 'GET') {
        response.resume();
        if (redirects >= request.maxRedirects) throw new OutboundError('too_many_redirects', 'The address redirects too many times');
        const next = outboundAddressOf(new URL(location, current).toString(), policy);
        if (next === null) throw new OutboundError('scheme_refused', 'The address redirects to an address that is not allowed');
        current = next;
        continue;
      }
      const bytes = await readBody(response, request.maxBytes);
      return {
        status,
        headers: response.headers,
        bytes,
        get body() {
          return bytes.toString('utf8');
        },
        url: current,
      };
    }
  } catch (err) {
    throw failureOf(err, timedOut);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether `address` is refused by `policy` before anything is fetched from it (scheme, or the address
 * its name resolves to now). Only a refusal counts: an address that cannot be resolved or reached at
 * the moment is not refused here — fetchOutbound checks again at every connection.
 */
export async function isRefusedOutbound(address: string, policy: OutboundPolicy, timeoutMs = 3000): Promise<boolean> {
  try {
    await fetchOutbound(address, policy, { method: 'GET', timeoutMs, maxBytes: 64 * 1024, maxRedirects: 0 });
    return false;
  } catch (err) {
    return err instanceof OutboundError && (err.code === 'address_refused' || err.code === 'scheme_refused');
  }
}
