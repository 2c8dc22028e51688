import type { FeedEvent } from '@patio/core';
import type { RequestContext } from '../../http/context';
import { notFound } from '../../http/errors';
import { requireCaller } from '../../http/school-scope';
import { findCaller } from '../people/index';
import { findSourceFeedRows } from './calendar.feeds.queries';
import { findCalendarReach, seesNodeCalendar, seesSourceCalendar } from './calendar.reach';
import { byStart, feedItemsOf, windowOf } from './calendar.read';
import { untitledFor } from './calendar.title';
import type { FeedId } from './calendar.types';
import { eventsForCaller } from './calendar.window';

// A person's calendar as staff read it in the person's tab (issue 36 §1, PagePersonCalendar): the
// calendars of the groups on the person's own path (theirs, their children's and every node above
// them) and the external sources on those nodes or the whole school's — each only where the viewer
// sees that calendar too. Never the person's private things: not the 'posts' feed (events on posts
// they received), not their RSVPs, switches or classroom due dates.

/** The node and source feeds of the person's path that the viewer sees as well. */
async function sharedFeeds(ctx: RequestContext, personId: number): Promise<FeedId[]> {
  const viewer = requireCaller(ctx);
  const person = await findCaller(ctx.db, ctx.org.id, personId);
  if (!person) throw notFound('There is no such person in this school');
  const [theirs, mine, sources] = await Promise.all([findCalendarReach(ctx.db, person), findCalendarReach(ctx.db, viewer), findSourceFeedRows(ctx.db, ctx.org.id)]);
  if (!theirs.approved) return [];
  const nodes = [...theirs.ownPath].filter((id) => seesNodeCalendar(mine, id));
  const onPath = sources.filter((s) => (s.node_id === null || theirs.ownPath.has(s.node_id)) && seesSourceCalendar(mine, s.node_id));
  return [...nodes.map((id): FeedId => `node-${id}`), ...onPath.map((s): FeedId => `source-${s.id}`)];
}

/** GET people/{id}/calendar/events?start&end: 400 `invalid_window` / `window_too_large` as the feed url. */
export async function readPersonWindow(ctx: RequestContext, personId: number, query: { start: string; end: string }): Promise<FeedEvent[]> {
  const viewer = requireCaller(ctx);
  const window = windowOf(ctx, query);
  const feeds = await sharedFeeds(ctx, personId);
  if (feeds.length === 0) return [];
  const events = await eventsForCaller(ctx.db, viewer, { ...window, feeds });
  return feedItemsOf(ctx, events, window, await untitledFor(ctx.db, viewer)).sort(byStart);
}
