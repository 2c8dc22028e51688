import { type CalendarFeed, type FeedEvent, type FeedQuery, MAX_FEED_WINDOW_DAYS } from '@patio/core';
import { daysBetween, midnightOf } from '@patio/core/calendar/times';
import { badRequest, notFound } from '../../http/errors';
import type { RequestContext } from '../../http/context';
import { requireCaller } from '../../http/school-scope';
import { classroomFeedItems } from './calendar.classroom';
import { feedsOf, findFeed, parseFeedId, seesFeed, switchedOffFeeds } from './calendar.feeds';
import { upsertFeedPref } from './calendar.feeds.queries';
import { timeZoneOf } from '../settings/index';
import { shownTitle, untitledFor } from './calendar.title';
import { eventsForCaller } from './calendar.window';
import { cachedOccurrences } from './calendar.expansion-cache';
import type { CalendarEventRecord, EpochWindow } from './calendar.types';

// The feed reads (spec §7 calendar feed GET with start and end): the window of local dates in the
// school's zone, every occurrence expanded (once per event and window: calendar.expansion-cache.ts),
// with the classroom's due dates (calendar.classroom.ts), flat and in time order.

const noFeed = () => notFound('There is no such calendar, or you do not see it');

/** The window of local dates [start, end) in the school's zone as epoch seconds: 400 `invalid_window` / `window_too_large`. */
export function windowOf(ctx: RequestContext, query: Pick<FeedQuery, 'start' | 'end'>): EpochWindow {
  if (query.end <= query.start) throw badRequest('invalid_window', 'The window must end after it starts (end is exclusive)');
  if (daysBetween(query.start, query.end) > MAX_FEED_WINDOW_DAYS) {
    throw badRequest('window_too_large', `A window may span ${MAX_FEED_WINDOW_DAYS} days at most`);
  }
  const zone = timeZoneOf(ctx.org.settings);
  return { from: midnightOf(query.start, zone), to: midnightOf(query.end, zone) };
}

/** Every occurrence of `events` in the window, as the feed url answers them. */
export function feedItemsOf(ctx: RequestContext, events: CalendarEventRecord[], window: EpochWindow, untitled: string): FeedEvent[] {
  return events.flatMap((event) =>
    cachedOccurrences(ctx.db, ctx.org.id, event, window).map(
      (o): FeedEvent => ({
        id: event.id,
        ...o,
        allDay: event.allDay,
        title: shownTitle(event.title, untitled),
        location: event.location,
        recurring: event.recurrence !== null,
        feed: event.feed,
        post: event.postId !== null ? { id: event.postId, type: event.postType ?? '', thread: event.threadId ?? 0 } : null,
      }),
    ),
  );
}

/** Start order, then end, then id: the order of every feed read. */
export const byStart = (a: FeedEvent, b: FeedEvent) => a.startDate - b.startDate || a.endDate - b.endDate || a.id - b.id;

/** GET calendar/events?start&end[&feed]: 400 `invalid_window` / `window_too_large`, 404 for a feed not seen. */
export async function readWindow(ctx: RequestContext, query: FeedQuery): Promise<FeedEvent[]> {
  const caller = requireCaller(ctx);
  const window = windowOf(ctx, query);
  if (query.feed !== undefined) {
    const feed = parseFeedId(query.feed);
    if (!feed || !(await seesFeed(ctx.db, caller, feed))) throw noFeed();
  }
  const zone = timeZoneOf(ctx.org.settings);
  const events = await eventsForCaller(ctx.db, caller, { ...window, feeds: query.feed !== undefined ? [query.feed] : 'enabled' });
  const untitled = await untitledFor(ctx.db, caller);
  // The classroom's due dates are no events: a source of their own, read when the feed is asked for or not switched off.
  const withClassroom =
    query.feed === 'classroom' || (query.feed === undefined && !(await switchedOffFeeds(ctx.db, caller.orgId, caller.id)).some((f) => f.kind === 'classroom'));
  const dueDates = withClassroom ? await classroomFeedItems(ctx.db, caller, window, zone, untitled) : [];
  return [...feedItemsOf(ctx, events, window, untitled), ...dueDates].sort(byStart);
}

/** GET people/{me}/calendar/feeds. */
export async function listFeeds(ctx: RequestContext): Promise<CalendarFeed[]> {
  return feedsOf(ctx.db, requireCaller(ctx));
}

/** PUT people/{me}/calendar/feeds/{feedId}: switches one feed the caller sees (404 otherwise); repeating it changes nothing. */
export async function toggleFeed(ctx: RequestContext, feedId: string, enabled: boolean): Promise<CalendarFeed> {
  const caller = requireCaller(ctx);
  if (!(await findFeed(ctx.db, caller, feedId))) throw noFeed();
  await ctx.db.transaction().execute((trx) => upsertFeedPref(trx, ctx.org.id, caller.id, feedId, enabled));
  return (await findFeed(ctx.db, caller, feedId))!;
}
