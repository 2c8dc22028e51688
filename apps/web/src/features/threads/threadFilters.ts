import { POST_TYPE_KEYS, type PostTypeKey } from '@patio/core/schemas/posts';

// Spec §3 Thread filters, kept in the address (?q=&sender=&subject=&around=&unit=&type=&status=) so a
// filtered folder survives a reload, the back button and a shared link.

export type AroundUnit = 'days' | 'weeks' | 'months';
export type ReadStatus = 'any' | 'read' | 'unread';

export interface ThreadFilters {
  q: string;
  sender: string;
  subject: string;
  around: string;
  unit: AroundUnit;
  type: PostTypeKey | '';
  status: ReadStatus;
}

export const FILTER_KEYS = ['q', 'sender', 'subject', 'around', 'unit', 'type', 'status'] as const;
export const AROUND_UNITS: readonly AroundUnit[] = ['days', 'weeks', 'months'];
export const READ_STATUSES: readonly ReadStatus[] = ['any', 'unread', 'read'];

const oneOf = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
  value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;

/** The filters an address carries; anything malformed is left out rather than sent. */
export function readFilters(params: URLSearchParams): ThreadFilters {
  const sender = params.get('sender') ?? '';
  const around = params.get('around') ?? '';
  return {
    q: (params.get('q') ?? '').slice(0, 200),
    sender: /^\d{1,12}$/.test(sender) ? sender : '',
    subject: (params.get('subject') ?? '').slice(0, 200),
    around: /^\d{4}-\d{2}-\d{2}$/.test(around) ? around : '',
    unit: oneOf(params.get('unit'), AROUND_UNITS, 'days'),
    type: oneOf<PostTypeKey | ''>(params.get('type'), POST_TYPE_KEYS, ''),
    status: oneOf(params.get('status'), READ_STATUSES, 'any'),
  };
}

/** How many filters narrow the list (the unit counts only with a date; type is shown apart, as chips). */
export function countActiveFilters(filters: ThreadFilters): number {
  return [filters.q, filters.sender, filters.subject, filters.around, filters.type, filters.status !== 'any' ? filters.status : ''].filter(Boolean).length;
}

/** The query of GET people/{me}/threads/{folder}: only the filters that are set. */
export function toThreadsQuery(filters: ThreadFilters): Record<string, string> {
  const query: Record<string, string> = {};
  if (filters.q.trim()) query.q = filters.q.trim();
  if (filters.sender) query.sender = filters.sender;
  if (filters.subject.trim()) query.subject = filters.subject.trim();
  if (filters.around) {
    query.around = filters.around;
    query.unit = filters.unit;
  }
  if (filters.type) query.type = filters.type;
  if (filters.status !== 'any') query.status = filters.status;
  return query;
}

/** The address's parameters with one filter set (or removed when empty or at its default). */
export function withFilter(params: URLSearchParams, key: (typeof FILTER_KEYS)[number], value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  const isDefault = value === '' || (key === 'status' && value === 'any') || (key === 'unit' && value === 'days');
  if (isDefault) next.delete(key);
  else next.set(key, value);
  return next;
}

/** The address's parameters without any filter. */
export function withoutFilters(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of FILTER_KEYS) next.delete(key);
  return next;
}
