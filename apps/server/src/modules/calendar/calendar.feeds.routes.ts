import { ZCalendarFeed, ZFeedEvent, ZFeedQuery, ZFeedToggle } from '@patio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors } from '../../http/schemas';
import { calendarPolicies as p } from './calendar.policy';
import { readPersonWindow } from './calendar.person';
import { listFeeds, readWindow, toggleFeed } from './calendar.read';

/** The caller's feeds and the feed url (spec §3 Calendar feed, §7). */
export async function calendarFeedsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['calendar'];

  r.route({
    ...routeOf(p.listFeeds),
    schema: {
      tags,
      summary: "The caller's calendar feeds",
      description:
        "`posts` (events on posts the caller reads) first, then each node calendar the caller sees that has events or is on their own path (the school, their and their children's groups), then the external sources they see. `url` with `params` plus `start` and `end` reads a feed; `enabled` is the caller's switch (default on). `{me}` is the caller's own id, else 403.",
      params: paramsOf(p.listFeeds),
      response: { 200: ZCalendarFeed.array(), ...errors(400, 401, 403) },
    },
    handler: async (request) => listFeeds(contextOf(request)),
  });

  r.route({
    ...routeOf(p.toggleFeed),
    schema: {
      tags,
      summary: 'Switch one feed on or off',
      description: '`enabled` is true, 1 or "1" (on) or false, 0, "0" (off). Repeating it changes nothing. A feed the caller does not see: 404.',
      params: paramsOf(p.toggleFeed),
      body: ZFeedToggle,
      response: { 200: ZCalendarFeed, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => toggleFeed(contextOf(request), request.params.feedId, request.body.enabled),
  });

  r.route({
    ...routeOf(p.readWindow),
    schema: {
      tags,
      summary: 'Events in a window (the feed url)',
      description:
        '`start` and `end` are local dates (YYYY-MM-DD) of the school\'s time zone, `end` exclusive; one item per occurrence, sorted by start. Without `feed`: every feed the caller has switched on; with `feed`: that one (404 when the caller does not see it). `end` not after `start`: 400 `invalid_window`; more than 400 days: 400 `window_too_large`.',
      querystring: ZFeedQuery,
      response: { 200: ZFeedEvent.array(), ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => readWindow(contextOf(request), request.query),
  });

  r.route({
    ...routeOf(p.readPersonWindow),
    schema: {
      tags,
      summary: "A person's group calendars (the person tab)",
      description:
        "For staff who may see the person (GET people/{id}) and the person; anyone else 403, an id of nobody in this school 404. The events of the node calendars on the person's own path (their groups, their children's, and every node above them) and of the external sources on those nodes or the whole school's, only where the caller sees that calendar too; never the person's private things (events on posts they received, RSVPs, feed switches, classroom due dates). Items as the feed url's; `start`, `end` and their errors as GET calendar/events.",
      params: paramsOf(p.readPersonWindow),
      querystring: ZFeedQuery.omit({ feed: true }),
      response: { 200: ZFeedEvent.array(), ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => readPersonWindow(contextOf(request), request.params.id, request.query),
  });
}
