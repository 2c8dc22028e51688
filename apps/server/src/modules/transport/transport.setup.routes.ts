import { ZRouteCrewInput, ZRouteRiderInput, ZRouteSetup, ZRouteStopsInput } from '@patio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors } from '../../http/schemas';
import { transportPolicies as p } from './transport.policy';
import { followRouteSetupChanges, putRouteRider, readRouteSetup, removeRouteRider, replaceRouteStops, updateRouteCrew } from './transport.setup';

const WHO = "Administrators only (others who see the route: 403; a route the caller does not see, another school's, or a node that is no route: 404).";
const ANSWER = 'Answers the route as GET transport/routes/{id}/setup reads it.';

/** Setting bus routes up under /api/{org}/: vehicle and crew, stops, riders' stops (issue 13). */
export async function transportSetupRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['transport'];

  // The position ingest of this process forgets a route whose crew or stops another process changed.
  const following = followRouteSetupChanges(app.patio.db, app.patio.events);
  app.addHook('onClose', async () => following().catch(() => undefined));

  r.route({
    ...routeOf(p.readRouteSetup),
    schema: {
      tags,
      summary: "A bus route's setup: vehicle, crew, stops and riders",
      description: `${WHO} Each stop with how many riders get on or off there (such a stop cannot be removed); each rider with the stops of their row and \`member\` for a current student of the route node, who rides it with or without a row; \`running\` while a run is on (stops cannot change then).`,
      params: paramsOf(p.readRouteSetup),
      response: { 200: ZRouteSetup, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => readRouteSetup(contextOf(request), request.params.id),
  });

  r.route({
    ...routeOf(p.updateRouteCrew),
    schema: {
      tags,
      summary: "Set a route's vehicle, driver and monitor",
      description:
        `${WHO} The driver and monitor (null: nobody) are people of this school, not self-registrations awaiting approval (400 \`invalid_person\`), and two different people (400 \`driver_is_monitor\`). ` +
        "Their devices report the bus's position from the next report on, in every server process sharing the event bus (Redis); a driver or monitor taken off gets 403 `not_route_device` at once on this process and as soon as the notice arrives on the others (when it is lost, or processes share no bus, once their cached entry is read again: at most about 6 minutes). " +
        `Employees of the route node stay its crew whatever this says. Allowed while a run is on. ${ANSWER}`,
      params: paramsOf(p.updateRouteCrew),
      body: ZRouteCrewInput,
      response: { 200: ZRouteSetup, ...errors(400, 401, 403, 404, 413) },
    },
    handler: async (request) => updateRouteCrew(contextOf(request), request.params.id, request.body),
  });

  r.route({
    ...routeOf(p.replaceRouteStops),
    schema: {
      tags,
      summary: "Replace a route's stops (the whole list, in driving order)",
      description:
        `${WHO} Up to 100 stops, numbered 1 to n in the order given: a stop with an \`id\` is kept and changed, one with \`id: null\` is added, and the route's stops left out are removed with the approach alerts set on them; the route's log keeps its entries, which then name no stop. ` +
        'All or nothing, in one transaction. 400 `not_a_stop` for an id that is not a stop of this route or comes twice; 409 `stop_in_use` when a rider gets on or off at a stop left out (the message says how many); ' +
        `409 \`run_in_progress\` while a run of the route is on: a run that starts at the same time starts after the new list or is refused, never halfway through it. ${ANSWER}`,
      params: paramsOf(p.replaceRouteStops),
      body: ZRouteStopsInput,
      response: { 200: ZRouteSetup, ...errors(400, 401, 403, 404, 409, 413) },
    },
    handler: async (request) => replaceRouteStops(contextOf(request), request.params.id, request.body),
  });

  r.route({
    ...routeOf(p.putRouteRider),
    schema: {
      tags,
      summary: 'Set where a rider gets on and off',
      description:
        `${WHO} Makes the person a rider of the route, with or without membership of it, getting on at \`pickupStopId\` and off at \`dropoffStopId\` (null: not set). ` +
        `The person is one of this school, not a self-registration awaiting approval (400 \`invalid_person\`); each stop one of this route's (400 \`not_a_stop\`). Allowed while a run is on. ${ANSWER}`,
      params: paramsOf(p.putRouteRider),
      body: ZRouteRiderInput,
      response: { 200: ZRouteSetup, ...errors(400, 401, 403, 404, 413) },
    },
    handler: async (request) => putRouteRider(contextOf(request), request.params.id, request.params.personId, request.body),
  });

  r.route({
    ...routeOf(p.removeRouteRider),
    schema: {
      tags,
      summary: "Remove a rider's stops from a route",
      description:
        `${WHO} Deletes the person's rider row (404 when there is none). A current student of the route node stays a rider, listed with \`member: true\` and no stops; to take them off the route, end their membership of the node. ${ANSWER}`,
      params: paramsOf(p.removeRouteRider),
      response: { 200: ZRouteSetup, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => removeRouteRider(contextOf(request), request.params.id, request.params.personId),
  });
}
