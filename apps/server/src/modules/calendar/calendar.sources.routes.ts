import { ZCalendarSource, ZCalendarSourceInput } from '@patio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors } from '../../http/schemas';
import { calendarSourcesPolicies as p } from './calendar.sources.policy';
import { addSource, listSources, refreshSource, removeSource } from './calendar.sources';

const rights = 'School administrators only (others 403).';

/** External ICS feeds a school imports (administrators). */
export async function calendarSourcesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['calendar'];

  r.route({
    ...routeOf(p.listSources),
    schema: {
      tags,
      summary: "The school's external calendar feeds",
      description: `Each with the calendar it feeds (\`nodeId\`, null for the whole school), when it was last imported, why the latest import failed (\`lastError\`, null when it worked) and how many events it holds. ${rights}`,
      params: paramsOf(p.listSources),
      response: { 200: ZCalendarSource.array(), ...errors(400, 401, 403) },
    },
    handler: async (request) => listSources(contextOf(request)),
  });

  r.route({
    ...routeOf(p.addSource),
    schema: {
      tags,
      summary: 'Add an external ICS feed to the school\'s or a group\'s calendar',
      description:
        '`url`: an http, https or webcal (read as https) address, else 400 `invalid_feed_url`; `nodeId`: the group whose ' +
        'calendar it feeds (its members and their families see it), null for the whole school; a group the school does not ' +
        'have: 400 `invalid_node`; the same address already feeding that calendar: 409 `source_exists`. The feed is fetched and imported before answering: an address that does not answer 200 ' +
        'within 10 seconds, is larger than 5 MB, redirects more than 3 times, or points to a private or local network is 422 ' +
        '`feed_unreachable`; one that is not an ICS calendar is 422 `feed_invalid`; in both cases nothing is stored. Recurring ' +
        'events are expanded from 90 days ago to 400 days ahead. Afterwards it is imported again every hour. ' + rights,
      params: paramsOf(p.addSource),
      body: ZCalendarSourceInput,
      response: { 201: ZCalendarSource, ...errors(400, 401, 403, 409), 422: errors(422)[422] },
    },
    handler: async (request, reply) => reply.code(201).send(await addSource(contextOf(request), request.body)),
  });

  r.route({
    ...routeOf(p.removeSource),
    schema: {
      tags,
      summary: 'Remove an external feed and its events',
      description: `Its events leave every calendar and its hourly imports stop. 404 for a feed the school does not have. ${rights}`,
      params: paramsOf(p.removeSource),
      response: { 204: z.null().describe('Removed'), ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      await removeSource(contextOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  r.route({
    ...routeOf(p.refreshSource),
    schema: {
      tags,
      summary: 'Import an external feed again now',
      description: `Queues an import and answers 202 with the feed as it is now; \`lastFetchedAt\` and \`lastError\` tell the outcome once it ran. ${rights}`,
      params: paramsOf(p.refreshSource),
      response: { 202: ZCalendarSource, ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => reply.code(202).send(await refreshSource(contextOf(request), request.params.id)),
  });
}
