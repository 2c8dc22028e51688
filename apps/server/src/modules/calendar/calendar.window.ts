import type { Database } from '../../db/database';
import type { Caller } from '../../policy/policy';
import { eventAccess } from './calendar.access';
import { parseFeedId, switchedOffFeeds } from './calendar.feeds';
import { inFeeds, outsideFeeds, type ParsedFeed } from './calendar.feeds.sql';
import { findEventRow, findWindowRows } from './calendar.queries';
import { toRecord } from './calendar.records';
import type { CalendarEventRecord, EpochWindow, FeedSelection } from './calendar.types';

// The events a person sees in a window, one record per event (not expanded: callers expand each with
// expandOccurrences, or write it once with its rule as the ICS subscription does). Events are read
// with the access rule's SQL filter, so nothing the person may not see is ever loaded.

/**
 * The events `caller` sees whose occurrences may overlap [from, to) (epoch seconds), in the given
 * feeds or in every feed they have not switched off. Runs outside a request too (subscriptions).
 */
export async function eventsForCaller(
  db: Database,
  caller: Caller,
  options: EpochWindow & { feeds: FeedSelection },
): Promise<CalendarEventRecord[]> {
  const visible = await eventAccess.filter(db, caller);
  let feeds;
  if (options.feeds === 'enabled') {
    feeds = outsideFeeds(await switchedOffFeeds(db, caller.orgId, caller.id));
  } else {
    feeds = inFeeds(options.feeds.map(parseFeedId).filter((f): f is ParsedFeed => f !== null));
  }
  const rows = await findWindowRows(db, caller.orgId, { from: options.from, to: options.to, visible, feeds });
  return rows.map(toRecord);
}

/** One event that is not deleted, whoever may see it (callers check eventAccess first). */
export async function loadEventRecord(db: Database, orgId: number, id: number): Promise<CalendarEventRecord | null> {
  const row = await findEventRow(db, orgId, id);
  return row ? toRecord(row) : null;
}
