// Spec §7: "A second, legacy host is derived from the first by dropping the api part"; a school may
// name its own (public setting legacyHost). A v3 block's url is a path on that host, or an https url.

function withSlash(url: URL): string {
  return url.href.endsWith('/') ? url.href : `${url.href}/`;
}

/** The legacy host of a school: its legacyHost setting when it is a web address, else the API base without its api part. */
export function legacyHostOf(apiBase: string, setting?: unknown): string {
  if (typeof setting === 'string' && setting.trim() !== '') {
    try {
      const named = new URL(setting.trim());
      if (named.protocol === 'https:' || named.protocol === 'http:') return withSlash(named);
    } catch {
      // Not an address: fall back to the derived host.
    }
  }
  const url = new URL(apiBase);
  if (/^\/api(\/|$)/.test(url.pathname)) url.pathname = url.pathname.replace(/^\/api(\/|$)/, '/');
  else if (url.hostname.startsWith('api.')) url.hostname = url.hostname.slice(4);
  return withSlash(url);
}

/** True for a url a v3 block may hold: a relative path (no scheme, no "..", no leading "//") or an https address. */
export function isLegacyModuleUrl(url: string): boolean {
  const text = url.trim();
  if (text === '' || /[\s\\]/.test(text) || [...text].some((c) => c.charCodeAt(0) < 0x20)) return false;
  if (/^https:\/\//i.test(text)) {
    try {
      return new URL(text).protocol === 'https:';
    } catch {
      return false;
    }
  }
  if (/^[a-z][a-z\d+.-]*:/i.test(text) || text.startsWith('//')) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(text);
  } catch {
    return false;
  }
  return !decoded.split(/[/?#]/).includes('..');
}

export interface LegacyRequest {
  url: string;
  /** The bearer token goes only to the school's legacy host, never to another site (spec §6). */
  withToken: boolean;
}

/** Where a v3 block's module is fetched from, and whether the token may go with it; null for a url it may not hold. */
export function legacyRequestOf(host: string, blockUrl: string): LegacyRequest | null {
  if (!isLegacyModuleUrl(blockUrl)) return null;
  const text = blockUrl.trim();
  const url = /^https:\/\//i.test(text) ? new URL(text) : new URL(text.replace(/^\/+/, ''), host);
  return { url: url.href, withToken: url.origin === new URL(host).origin };
}
