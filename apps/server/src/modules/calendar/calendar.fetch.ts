import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';

// Fetches an external ICS feed a school administrator named (issue 11 §2). The address is someone
// else's server, so: only http(s) (webcal:// is https), every connection — the first and each of at
// most 3 redirects — goes through request-filtering-agent, which refuses private, loopback and
// link-local addresses after DNS resolution (no rebinding trick gets round it), unless the server's
// configuration allows private addresses; at most 5 MB, and 10 seconds for the whole exchange.

export const FEED_MAX_BYTES = 5 * 1024 * 1024;
export const FEED_TIMEOUT_MS = 10_000;
export const FEED_MAX_REDIRECTS = 3;

/** Why a feed could not be read: `feed_unreachable` (network, status, size, time, address) or `feed_invalid` (not an ICS calendar). */
export class FeedError extends Error {
  constructor(
    readonly code: 'feed_unreachable' | 'feed_invalid',
    message: string,
  ) {
    super(message);
  }
}

export interface FetchOptions {
  /** CALENDAR_FETCH_ALLOW_PRIVATE: loopback and private addresses are allowed (tests, a school's own network). */
  allowPrivate: boolean;
  timeoutMs?: number;
  maxBytes?: number;
}

/** The http(s) address a feed is fetched from (webcal:// → https://); null when it is no such address. */
export function feedAddressOf(raw: string): string | null {
  const text = raw.trim().replace(/^webcals?:\/\//i, 'https://');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username !== '' || url.password !== '' || url.hostname === '') return null;
  url.hash = '';
  return url.toString();
}

function unreachable(message: string): FeedError {
  return new FeedError('feed_unreachable', message);
}

/** One GET through the filtering agent; resolves with the response once its headers arrived. */
function get(address: string, allowPrivate: boolean, signal: AbortSignal): Promise<IncomingMessage> {
  const url = new URL(address);
  const secure = url.protocol === 'https:';
  const filter = { allowPrivateIPAddress: allowPrivate, keepAlive: false };
  const agent = secure ? new RequestFilteringHttpsAgent(filter) : new RequestFilteringHttpAgent(filter);
  const request = secure ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'GET', agent, signal, headers: { accept: 'text/calendar, text/plain;q=0.5, */*;q=0.1', 'accept-encoding': 'identity', 'user-agent': 'Patio calendar import' } },
      resolve,
    );
    req.on('error', reject);
    req.end();
  });
}

/** Reads a response body up to `maxBytes`; more is refused without reading on. */
async function readBody(response: IncomingMessage, maxBytes: number): Promise<string> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw unreachable('The feed is larger than 5 MB');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      response.destroy();
      throw unreachable('The feed is larger than 5 MB');
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function describe(err: unknown, timedOut: boolean): FeedError {
  if (err instanceof FeedError) return err;
  if (timedOut) return unreachable('The feed did not answer within 10 seconds');
  const message = err instanceof Error ? err.message : String(err);
  // request-filtering-agent's refusal names the address; the administrator only needs to know why.
  if (/is not allowed|private|meta/i.test(message)) return unreachable('The feed address points to a private or local network, which is not allowed');
  return unreachable('The feed could not be reached');
}

/**
 * The text of the feed at `raw` (an http, https or webcal address). Throws FeedError
 * `feed_unreachable` for anything but a 200 answer within the limits.
 */
export async function fetchFeed(raw: string, options: FetchOptions): Promise<string> {
  let address = feedAddressOf(raw);
  if (address === null) throw unreachable('The feed address must be an http, https or webcal address');
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? FEED_TIMEOUT_MS);
  try {
    for (let redirects = 0; ; redirects++) {
      const response = await get(address, options.allowPrivate, controller.signal);
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        response.resume();
        if (redirects >= FEED_MAX_REDIRECTS) throw unreachable('The feed redirects too many times');
        const next = feedAddressOf(new URL(response.headers.location, address).toString());
        if (next === null) throw unreachable('The feed redirects to an address that is not http or https');
        address = next;
        continue;
      }
      if (status !== 200) {
        response.resume();
        throw unreachable(`The feed answered ${status} instead of 200`);
      }
      return await readBody(response, options.maxBytes ?? FEED_MAX_BYTES);
    }
  } catch (err) {
    throw describe(err, timedOut);
  } finally {
    clearTimeout(timer);
  }
}
