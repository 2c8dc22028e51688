import { fetchOutbound, OutboundError, type OutboundPolicy } from '../../platform/net/outbound-guard';

// Fetches an external ICS feed a school administrator named (issue 11 §2). The address is someone
// else's server, so it goes through the server's outbound guard (platform/net/outbound-guard.ts): only
// http(s) (webcal:// is https), every connection — the first and each of at most 3 redirects — refused
// when it resolves to a private, loopback or link-local address, unless the server's configuration
// allows private addresses; at most 5 MB, and 10 seconds for the whole exchange.

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

/** The guard's reasons in the words the school administrator reads. */
function describe(err: unknown): FeedError {
  if (err instanceof FeedError) return err;
  if (!(err instanceof OutboundError)) return unreachable('The feed could not be reached');
  switch (err.code) {
    case 'address_refused':
      return unreachable('The feed address points to a private or local network, which is not allowed');
    case 'scheme_refused':
      return unreachable('The feed redirects to an address that is not http or https');
    case 'timeout':
      return unreachable('The feed did not answer within 10 seconds');
    case 'too_large':
      return unreachable('The feed is larger than 5 MB');
    case 'too_many_redirects':
      return unreachable('The feed redirects too many times');
    default:
      return unreachable('The feed could not be reached');
  }
}

/**
 * The text of the feed at `raw` (an http, https or webcal address). Throws FeedError
 * `feed_unreachable` for anything but a 200 answer within the limits.
 */
export async function fetchFeed(raw: string, options: FetchOptions): Promise<string> {
  const address = feedAddressOf(raw);
  if (address === null) throw unreachable('The feed address must be an http, https or webcal address');
  const policy: OutboundPolicy = { reach: options.allowPrivate ? 'private' : 'public', plainHttp: 'any' };
  let answer;
  try {
    answer = await fetchOutbound(address, policy, {
      method: 'GET',
      headers: { accept: 'text/calendar, text/plain;q=0.5, */*;q=0.1', 'user-agent': 'Patio calendar import' },
      timeoutMs: options.timeoutMs ?? FEED_TIMEOUT_MS,
      maxBytes: options.maxBytes ?? FEED_MAX_BYTES,
      maxRedirects: FEED_MAX_REDIRECTS,
    });
  } catch (err) {
    throw describe(err);
  }
  if (answer.status !== 200) throw unreachable(`The feed answered ${answer.status} instead of 200`);
  return answer.body;
}
