import {
  ZGeoFeedItem,
  ZGeoTarget,
  ZIdText,
  ZPageQuery,
  ZPositionAccepted,
  ZPositionReport,
  ZRouteLogEntry,
  ZRouteRun,
  ZRunEventInput,
  ZRunStarted,
  ZShareCreated,
  ZShareInput,
  ZSharedRoute,
  ZTransportRoute,
} from '@patio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf, orgCodePattern, paramsOf, routeOf } from '../../http/school-scope';
import { errors } from '../../http/schemas';
import { sendIndexHtml } from '../../http/web';
import { countersOf } from '../../platform/metrics/counters';
import { transportPolicies as p } from './transport.policy';
import { reportPosition } from './transport.positions';
import { geoFeed, getRoute, getTarget, listLog, listRoutes, listTargets } from './transport.read';
import { addRunEvent, finishRun, startRun } from './transport.runs';
import { createShare, readShare, shareStateOf } from './transport.shares';

/** Largest position report body: a report is a few hundred bytes. */
const REPORT_BODY_LIMIT = 4096;

const ZLogQuery = ZPageQuery.extend({ runId: ZIdText.optional() });

/** Bus routes, their runs, log and share links, and the tracked buses' positions under /api/{org}/ (issue 13). */
export async function transportRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['transport'];

  r.route({
    ...routeOf(p.listRoutes),
    schema: {
      tags,
      summary: 'The bus routes the caller sees',
      description:
        'Staff see every route; a driver or monitor theirs; a family the routes its children ride. Each with its stops (planned time, and while a run is on the ETA in epoch seconds and whether it was reached), the running run, the bus\'s last position and the riders the caller may see. The total is in the `X-Total-Count` header.',
      params: paramsOf(p.listRoutes),
      querystring: ZPageQuery,
      response: { 200: z.array(ZTransportRoute), ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const { items, total } = await listRoutes(contextOf(request), request.query);
      reply.header('x-total-count', String(total));
      return items;
    },
  });

  r.route({
    ...routeOf(p.readRoute),
    schema: {
      tags,
      summary: 'One bus route: stops, run, last position and ETAs',
      description: '404 for a route the caller does not see (staff, its crew, its riders and their relatives do). Riders: every one for staff and crew, a family its own.',
      params: paramsOf(p.readRoute),
      response: { 200: ZTransportRoute, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => getRoute(contextOf(request), request.params.id),
  });

  r.route({
    ...routeOf(p.startRun),
    schema: {
      tags,
      summary: 'Start a run of the route',
      description: "The route's driver or monitor, administrators and school-wide employees (others who see the route: 403). 409 `run_in_progress` while a run is on: one run at a time, however many start at once.",
      params: paramsOf(p.startRun),
      response: { 201: ZRunStarted, ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request, reply) => reply.code(201).send(await startRun(contextOf(request), request.params.id)),
  });

  r.route({
    ...routeOf(p.finishRun),
    schema: {
      tags,
      summary: 'Finish a run',
      description: 'Who may start runs. 409 `run_finished` when it had finished; 404 for a run of another route.',
      params: paramsOf(p.finishRun),
      response: { 200: ZRouteRun, ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request) => finishRun(contextOf(request), request.params.id, request.params.runId),
  });

  r.route({
    ...routeOf(p.addRunEvent),
    schema: {
      tags,
      summary: 'Mark a rider boarded or dropped, or the bus delayed',
      description:
        'Who may start runs, while the run is on (409 `run_not_running` after). A rider must ride the route (400 `not_a_rider`) and a stop be on it (400 `not_a_stop`). Once per run and rider (boarded, dropped) or number of minutes (delayed): a repeat answers the first entry.',
      params: paramsOf(p.addRunEvent),
      body: ZRunEventInput,
      response: { 201: ZRouteLogEntry, ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request, reply) => reply.code(201).send(await addRunEvent(contextOf(request), request.params.id, request.params.runId, request.body, request.log)),
  });

  r.route({
    ...routeOf(p.readLog),
    schema: {
      tags,
      summary: "The route's log: started, stops reached, riders boarded and dropped, delays, finished",
      description:
        'Newest first, optionally of one run (`runId`). Staff and crew read all of it; families every entry except who got on and off, which they see for their own only. The total is in the `X-Total-Count` header.',
      params: paramsOf(p.readLog),
      querystring: ZLogQuery,
      response: { 200: z.array(ZRouteLogEntry), ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const { items, total } = await listLog(contextOf(request), request.params.id, request.query);
      reply.header('x-total-count', String(total));
      return items;
    },
  });

  r.route({
    ...routeOf(p.createShare),
    schema: {
      tags,
      summary: 'A link to a read-only live map of the route',
      description:
        "Staff and the relatives of a rider (others who see the route: 403). The link opens without signing in until `expiresAt` (epoch seconds), then answers 410. It shows the route, its stops and the bus, never the riders.",
      params: paramsOf(p.createShare),
      body: ZShareInput,
      response: { 201: ZShareCreated, ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => reply.code(201).send(await createShare(contextOf(request), request.params.id, request.body.minutes)),
  });

  r.route({
    ...routeOf(p.readShare),
    schema: {
      tags,
      summary: 'The route behind a share link (no sign-in)',
      description: 'Stops with ETAs, whether a run is on and the last position; poll it for the live view. 410 `share_expired` once the link has expired, 404 for a link that never was.',
      params: paramsOf(p.readShare),
      response: { 200: ZSharedRoute, ...errors(400, 404, 410) },
    },
    handler: async (request) => readShare(contextOf(request), request.params.token),
  });

  r.route({
    ...routeOf(p.reportPosition),
    bodyLimit: REPORT_BODY_LIMIT,
    schema: {
      tags: ['geo'],
      summary: "Report the bus's position (spec §3)",
      description:
        "Only the device of the route's driver or monitor (others 403), while a run of the route is on (409 `run_not_started`). Impossible coordinates, 0,0 or a speed above 300 km/h: 400; a timestamp more than 5 minutes ahead of the server: 400 `invalid_timestamp`. At most one every 2 seconds: a report less than 1.5 s after the live one, or more than 10 a second, is 429 `too_many_reports`. A report older than the last is stored and answered `live: false`, not broadcast.",
      params: paramsOf(p.reportPosition),
      body: ZPositionReport,
      response: { 201: ZPositionAccepted, ...errors(400, 401, 403, 404, 409, 413, 429) },
    },
    handler: async (request, reply) => {
      const stored = await reportPosition(contextOf(request), request.params.id, request.body, request.log);
      countersOf(app.patio.config).positionsIngested.inc({ live: String(stored.live) });
      return reply.code(201).send(stored);
    },
  });

  r.route({
    ...routeOf(p.listTargets),
    schema: {
      tags: ['geo'],
      summary: 'The tracked buses the caller sees',
      description: 'The buses of the routes the caller sees, with their last position; `canReport` for the crew.',
      params: paramsOf(p.listTargets),
      response: { 200: z.array(ZGeoTarget), ...errors(401, 403, 404) },
    },
    handler: async (request) => listTargets(contextOf(request)),
  });

  r.route({
    ...routeOf(p.readTarget),
    schema: {
      tags: ['geo'],
      summary: 'One tracked bus',
      description: '404 for a bus the caller does not see (that of a route they do not see).',
      params: paramsOf(p.readTarget),
      response: { 200: ZGeoTarget, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => getTarget(contextOf(request), request.params.id),
  });

  r.route({
    ...routeOf(p.geoFeed),
    schema: {
      tags: ['geo'],
      summary: 'The latest position of every bus the caller sees',
      description: "The caller's own feed only (403 for another person's).",
      params: paramsOf(p.geoFeed),
      response: { 200: z.array(ZGeoFeedItem), ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => geoFeed(contextOf(request)),
  });
}

/**
 * The web page of a share link, `/share/{org}/{token}` (outside /api): the web app's index.html, with
 * status 200 while the link is valid, 410 once it has expired and 404 for a link that never was, so
 * the page (which then asks GET transport/shares/{token}) and anything reading the status agree.
 * Register it on the root instance, after the web app, when there is one.
 */
export async function registerSharePage(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { org: string; token: string } }>('/share/:org/:token', async (request, reply) => {
    const code = request.params.org.toLowerCase();
    const org = orgCodePattern.test(code) ? await app.patio.callers.findOrg(code) : null;
    const share = org ? await shareStateOf(app.patio.db, org.id, request.params.token) : { state: 'unknown' as const };
    reply.code(share.state === 'valid' ? 200 : share.state === 'expired' ? 410 : 404);
    reply.header('referrer-policy', 'no-referrer');
    return sendIndexHtml(reply);
  });
}
