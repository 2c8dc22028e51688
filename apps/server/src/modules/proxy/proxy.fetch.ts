import { fetchOutbound, OutboundError, type OutboundPolicy } from '../../platform/net/outbound-guard';
import { type ImageType, isSvg, sniffImageType } from './proxy.sniff';

// Fetches a picture another site serves, for /proxy/ (docs/decisions/028-image-proxy.md), through the
// server's outbound guard (platform/net/outbound-guard.ts), as calendar feeds are: https only, every
// connection — the first and each redirect — refused when its address is private, loopback or
// link-local. Nothing of the reader's request goes along: no cookie, no Referer, no address of theirs.

/** The largest picture the proxy passes on. */
export const PROXY_MAX_BYTES = 10 * 1024 * 1024;
export const PROXY_TIMEOUT_MS = 10_000;
export const PROXY_MAX_REDIRECTS = 3;

export interface ProxiedImage {
  ok: true;
  type: ImageType;
  bytes: Buffer;
}

/** Why there is no picture to show, as the answer's status and `{error, message}`. */
export interface ProxyFailure {
  ok: false;
  status: number;
  code: string;
  message: string;
}

export type ProxyResult = ProxiedImage | ProxyFailure;

const fail = (status: number, code: string, message: string): ProxyFailure => ({ ok: false, status, code, message });

/** The guard's reasons as answers. */
function failureOf(err: unknown): ProxyFailure {
  if (!(err instanceof OutboundError)) return fail(502, 'upstream_unreachable', 'The picture could not be fetched');
  switch (err.code) {
    case 'address_refused':
      return fail(403, 'address_refused', 'The picture address points to a private or local network, which is not allowed');
    case 'scheme_refused':
      return fail(403, 'address_refused', 'Pictures are fetched from https addresses only');
    case 'timeout':
      return fail(504, 'upstream_timeout', `The picture did not arrive within ${PROXY_TIMEOUT_MS / 1000} seconds`);
    case 'too_large':
      return fail(413, 'image_too_large', `The picture is larger than ${PROXY_MAX_BYTES / 1024 / 1024} MiB`);
    case 'too_many_redirects':
      return fail(502, 'upstream_unreachable', 'The picture address redirects too many times');
    default:
      return fail(502, 'upstream_unreachable', 'The picture could not be fetched');
  }
}

/** The proxy's reach: public https; a test server's loopback address and certificate only when the test configuration names one. */
export function proxyPolicyOf(loopback: { ca: string } | undefined): OutboundPolicy {
  return loopback ? { reach: 'loopback', plainHttp: 'never', trustedCa: loopback.ca } : { reach: 'public', plainHttp: 'never' };
}

/** The picture at `url`, checked by its bytes; a failure (never thrown) says what went wrong. */
export async function fetchImage(url: string, policy: OutboundPolicy): Promise<ProxyResult> {
  let answer;
  try {
    answer = await fetchOutbound(url, policy, {
      method: 'GET',
      headers: { accept: 'image/avif,image/webp,image/png,image/jpeg,image/gif;q=0.9', 'user-agent': 'Patio image proxy' },
      timeoutMs: PROXY_TIMEOUT_MS,
      maxBytes: PROXY_MAX_BYTES,
      maxRedirects: PROXY_MAX_REDIRECTS,
    });
  } catch (err) {
    return failureOf(err);
  }
  if (answer.status !== 200) return fail(502, 'upstream_error', `The picture's site answered ${answer.status} instead of 200`);
  const declared = String(answer.headers['content-type'] ?? '');
  if (isSvg(declared, answer.bytes)) return fail(415, 'svg_refused', 'SVG pictures are not shown from other sites; use PNG, JPEG, GIF, WebP or AVIF');
  const type = sniffImageType(answer.bytes);
  if (!/^image\//i.test(declared.trim()) || type === null) return fail(415, 'not_an_image', 'The address does not hold a PNG, JPEG, GIF, WebP or AVIF picture');
  return { ok: true, type, bytes: answer.bytes };
}
