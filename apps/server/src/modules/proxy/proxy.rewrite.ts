import type { AppConfig } from '../../config';
import { PROXY_MAX_URL_LENGTH, signedProxyAddress } from './proxy.signing';

// Pictures of other sites in what the server answers a reader are rewritten to signed /proxy/
// addresses (decision 028). At read time, not when a post is saved: the stored description keeps the
// author's original addresses, so a new signing key, a new proxy rule or removing the proxy needs no
// data migration, and what an author edits is what they wrote.

/** The address a picture is shown from: our own pass as they are; another site's through /proxy/. */
export type ImageAddressMapper = (src: string) => string;

/**
 * The mapper for one answer: http(s) addresses of another origin become signed proxy addresses (http
 * is asked for over https: the proxy fetches nothing else and the page never mixes in http).
 */
export function imageProxyFor(config: Pick<AppConfig, 'jwtSecret' | 'fileUrlSecret'>, origin: string): ImageAddressMapper {
  return (src) => {
    let url: URL;
    try {
      url = new URL(src);
    } catch {
      // Relative: our own (a signed file address).
      return src;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return src;
    if (url.origin === origin) return src;
    if (url.protocol === 'http:') url.protocol = 'https:';
    const address = url.toString();
    // Too long to sign into a query: shown from nowhere rather than fetched by the reader's browser.
    return address.length > PROXY_MAX_URL_LENGTH ? '' : signedProxyAddress(config, address);
  };
}

/**
 * The mapper for what leaves the site (mails): every picture by an absolute address of `origin` (a
 * mail has no page to resolve a relative one against), other sites' through /proxy/ there, so opening
 * a mail tells no third party that, or from where, it was read.
 */
export function absoluteImagesFor(config: Pick<AppConfig, 'jwtSecret' | 'fileUrlSecret'>, origin: string): ImageAddressMapper {
  const proxied = imageProxyFor(config, origin);
  return (src) => {
    const shown = proxied(src);
    return shown === '' ? '' : new URL(shown, `${origin}/`).toString();
  };
}

const IMG_SRC = /(<img\b[^>]*?\ssrc=")([^"]*)(")/gi;

function decodeAttribute(value: string): string {
  return value.replace(/&(amp|quot|lt|gt|#39|#x27);/g, (_, name: string) => ({ amp: '&', quot: '"', lt: '<', gt: '>', '#39': "'", '#x27': "'" })[name] ?? '');
}

function encodeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * `html` (a stored description: sanitize-html's output, whose attributes are always double-quoted and
 * whose text never holds a raw `<`) with every <img src> passed through `map`.
 */
export function withProxiedImages(html: string, map: ImageAddressMapper): string {
  if (!html.includes('<img')) return html;
  return html.replace(IMG_SRC, (_, before: string, src: string, after: string) => `${before}${encodeAttribute(map(decodeAttribute(src)))}${after}`);
}

/** An image block's `proxiedUrl`: its url through `map` when that is another site's, else nothing. */
export function proxiedBlockUrl(block: { type: string; url: string | null }, map: ImageAddressMapper): string | undefined {
  if (block.type !== 'image' || block.url === null) return undefined;
  const shown = map(block.url);
  return shown === block.url ? undefined : shown;
}
