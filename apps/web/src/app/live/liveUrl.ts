/**
 * The live socket's address for a school's API base ("organisation URL", spec §2): the same host and
 * path plus `live`, over wss for https and ws for http. Null for a base that is neither.
 */
export function liveUrlOf(orgUrl: string, pageUrl: string): string | null {
  let url: URL;
  try {
    url = new URL('live', new URL(orgUrl.replace(/\/*$/, '/'), pageUrl));
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.search = '';
  url.hash = '';
  return url.href;
}
