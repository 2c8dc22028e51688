import type { ThreadsQuery } from '@patio/core';
import { badRequest } from '../../http/errors';
import { containsPattern } from './fold';
import type { FolderFilter } from './folders.queries';

const DAY_MS = 86_400_000;
/** Words of `q` that count; the rest of a long text adds little and costs a scan each. */
const MAX_WORDS = 8;

/**
 * The window of "active around a day" (spec §3 Thread filters): from one unit before the day to one
 * unit after it, the whole of that last day included, in UTC.
 */
export function activityWindow(day: string, unit: ThreadsQuery['unit']): { from: string; until: string } {
  const start = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(start)) throw badRequest('invalid_request', 'around is not a real day');
  if (unit === 'months') {
    const from = new Date(start);
    from.setUTCMonth(from.getUTCMonth() - 1);
    const until = new Date(start);
    until.setUTCMonth(until.getUTCMonth() + 1);
    return { from: from.toISOString(), until: new Date(until.getTime() + DAY_MS).toISOString() };
  }
  const span = unit === 'weeks' ? 7 * DAY_MS : DAY_MS;
  return { from: new Date(start - span).toISOString(), until: new Date(start + span + DAY_MS).toISOString() };
}

/** The query's filters as the folder queries take them: every word of `q` must appear; blank texts filter nothing. */
export function folderFilterOf(query: ThreadsQuery): FolderFilter {
  const filter: FolderFilter = { status: query.status };
  if (query.sender !== undefined) filter.sender = query.sender;
  if (query.type !== undefined) filter.type = query.type;
  if (query.with !== undefined) filter.with = query.with;
  const subject = query.subject?.trim();
  if (subject) filter.subject = containsPattern(subject);
  const words = [...new Set((query.q ?? '').split(/\s+/).filter(Boolean))].slice(0, MAX_WORDS);
  if (words.length > 0) filter.words = words.map(containsPattern);
  if (query.around !== undefined) {
    const { from, until } = activityWindow(query.around, query.unit);
    filter.activeFrom = from;
    filter.activeUntil = until;
  }
  return filter;
}
