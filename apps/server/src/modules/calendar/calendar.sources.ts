import type { CalendarSource } from '@patio/core';
import type { RequestContext } from '../../http/context';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { requireCaller } from '../../http/school-scope';
import { findNodes } from '../nodes/index';
import { timeZoneOf } from '../settings/index';
import { FeedError, feedAddressOf, fetchFeed } from './calendar.fetch';
import { importPeriod, parseFeed } from './calendar.import';
import { requestImport, scheduleNextImport } from './calendar.import.job';
import { replaceSourceEvents } from './calendar.import.queries';
import { findSameSource, findSource, findSources, insertSource, lockSchoolSources, softDeleteSource, type SourceRow } from './calendar.sources.queries';

// External ICS feeds a school imports into its own calendar or a group's (issue 11 §2; decision 015),
// for administrators. A new feed is fetched and imported in the request itself, so an address that
// does not work is refused at once (422) with nothing stored; afterwards the hourly job keeps it fresh.

function toSource(row: SourceRow): CalendarSource {
  return { id: row.id, name: row.name, url: row.url, nodeId: row.node_id, lastFetchedAt: row.last_fetched_at, lastError: row.last_error, events: row.events };
}

const noSource = () => notFound('There is no such calendar feed in this school');

/** GET calendar/sources. */
export async function listSources(ctx: RequestContext): Promise<CalendarSource[]> {
  return (await findSources(ctx.db, ctx.org.id)).map(toSource);
}

/**
 * POST calendar/sources: checks the address (a feed already feeding that calendar is 409
 * `source_exists`), fetches and reads the feed (422 `feed_unreachable` or `feed_invalid`, nothing
 * stored), then stores the source, its events and its next hourly run in one transaction.
 */
export async function addSource(ctx: RequestContext, input: { name: string; url: string; nodeId: number | null }): Promise<CalendarSource> {
  const caller = requireCaller(ctx);
  const address = feedAddressOf(input.url);
  if (address === null) throw badRequest('invalid_feed_url', 'The feed address must be an http, https or webcal address');
  if (input.nodeId !== null && !(await findNodes(ctx.db, ctx.org.id)).some((node) => node.id === input.nodeId)) {
    throw badRequest('invalid_node', 'There is no such group in this school');
  }
  const sameSource = () => new HttpError(409, 'source_exists', 'This feed already feeds that calendar');
  if ((await findSameSource(ctx.db, ctx.org.id, address, input.nodeId)) !== null) throw sameSource();
  const timeZone = timeZoneOf(ctx.org.settings);
  const now = Math.floor(Date.now() / 1000);
  let events;
  try {
    const text = await fetchFeed(address, { allowPrivate: ctx.services.config.calendarFetchAllowPrivate === true });
    events = parseFeed(text, importPeriod(now), timeZone);
  } catch (err) {
    if (err instanceof FeedError) throw new HttpError(422, err.code, err.message);
    throw err;
  }
  const id = await ctx.db.transaction().execute(async (trx) => {
    await lockSchoolSources(trx, ctx.org.id, ctx.services.dialect);
    if ((await findSameSource(trx, ctx.org.id, address, input.nodeId)) !== null) throw sameSource();
    const at = new Date().toISOString();
    const sourceId = await insertSource(trx, { org_id: ctx.org.id, name: input.name, url: address, node_id: input.nodeId, created_by: caller.id, last_fetched_at: at, created_at: at });
    await replaceSourceEvents(trx, ctx.org.id, sourceId, events, timeZone, at);
    await scheduleNextImport(trx, ctx.services.jobs, ctx.org.id, sourceId, now);
    return sourceId;
  });
  return toSource((await findSource(ctx.db, ctx.org.id, id))!);
}

/** DELETE calendar/sources/{id}: the source and its events leave every calendar; its runs stop. */
export async function removeSource(ctx: RequestContext, id: number): Promise<void> {
  const removed = await ctx.db.transaction().execute((trx) => softDeleteSource(trx, ctx.org.id, id, new Date().toISOString()));
  if (!removed) throw noSource();
}

/** POST calendar/sources/{id}/refresh: an import as soon as a worker is free; answers the source as it is now. */
export async function refreshSource(ctx: RequestContext, id: number): Promise<CalendarSource> {
  const source = await findSource(ctx.db, ctx.org.id, id);
  if (!source) throw noSource();
  await requestImport(ctx.db, ctx.services.jobs, ctx.org.id, id);
  return toSource(source);
}
