// Value semantics of the field operators. Stored rules come from forms, so numbers often arrive
// as strings ('3' vs 3): a number and a numeric string compare as numbers. Text operators
// (contains, beginsWith, endsWith) ignore case, as people-selection screens expect.

const NUMERIC = /^\s*-?\d+(\.\d+)?\s*$/;

function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && NUMERIC.test(value)) return Number(value);
  if (value instanceof Date && !Number.isNaN(value.getTime())) return value.getTime();
  return undefined;
}

/** Tells whether two values are equal, treating a number and a numeric string alike. */
export function isEqualValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || a === undefined || b === undefined) return false;
  const na = toNumber(a);
  const nb = toNumber(b);
  if (na !== undefined && nb !== undefined) return na === nb;
  return false;
}

/** Orders two values: numbers (or numeric strings, dates) numerically, other strings by text; undefined when not comparable. */
export function compareValues(a: unknown, b: unknown): number | undefined {
  const na = toNumber(a);
  const nb = toNumber(b);
  if (na !== undefined && nb !== undefined) return na - nb;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  return undefined;
}

function toText(value: unknown): string | undefined {
  if (typeof value === 'string') return value.toLocaleLowerCase();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value).toLocaleLowerCase();
  return undefined;
}

/** Applies a text test (contains, beginsWith, endsWith) case-insensitively; arrays: contains means includes. */
export function matchText(kind: 'contains' | 'beginsWith' | 'endsWith', value: unknown, arg: unknown): boolean {
  if (kind === 'contains' && Array.isArray(value)) return value.some((item) => isEqualValue(item, arg));
  const text = toText(value);
  const needle = toText(arg);
  if (text === undefined || needle === undefined) return false;
  if (kind === 'contains') return text.includes(needle);
  if (kind === 'beginsWith') return text.startsWith(needle);
  return text.endsWith(needle);
}

/** Tells whether a value is empty: undefined, null, blank text, an empty array or an object with no keys. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (value instanceof Date) return Number.isNaN(value.getTime());
  if (typeof value === 'object') return Object.keys(value).length === 0;
  return false;
}
