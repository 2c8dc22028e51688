// spec §5 "Query serialisation: null values and empty strings are skipped."
// Arrays become repeated keys (a=1&a=2), which Fastify's default parser reads back as arrays.

/** A value a query parameter may hold. */
export type QueryValue = string | number | boolean | Date | null | undefined | QueryValue[] | Record<string, unknown>;

function encodeValue(value: unknown): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value); // filters sent as one JSON parameter
  return String(value);
}

/** Serialises an object to a query string without the leading '?': null, undefined and '' skipped, arrays as repeated keys. */
export function serializeQuery(params: Record<string, unknown> | null | undefined): string {
  if (!params) return '';
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      const encoded = encodeValue(item);
      if (encoded !== undefined) pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(encoded)}`);
    }
  }
  return pairs.join('&');
}

/** Appends serialised params to a URL, with '?' or '&' as fits; the URL is unchanged when nothing remains. */
export function appendQuery(url: string, params: Record<string, unknown> | null | undefined): string {
  const query = serializeQuery(params);
  if (query === '') return url;
  const [base, hash] = url.split('#', 2);
  const joiner = base.includes('?') ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?';
  return `${base}${joiner}${query}${hash !== undefined ? `#${hash}` : ''}`;
}
