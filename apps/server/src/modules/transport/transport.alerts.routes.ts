import { ZApproachAlert } from '@patio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors } from '../../http/schemas';
import { alertPolicies as p } from './transport.alerts.policy';
import { readApproachAlert, saveApproachAlert } from './transport.alerts';

const ALERT_DESCRIPTION =
  'The caller\'s own "approaching" alert on a route: `stopId` (one of the route\'s stops) and either `meters` (100 to ' +
  '10,000 along the route) or `minutes` (1 to 60 before the expected arrival); both null turns it off. It is sent once per ' +
  "run, through the caller's notification channels (push, email, SMS), even in their quiet hours. Anyone who sees the route " +
  '(else 404).';

/** The caller's approach alert on a bus route (issue 13). */
export async function transportAlertRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['transport'];

  r.route({
    ...routeOf(p.readAlert),
    schema: {
      tags,
      summary: "The caller's approach alert on a route",
      description: `${ALERT_DESCRIPTION} Never saved: an alert that is off, at the stop where the caller's child gets on (else the route's first stop); a route without stops answers 409 \`route_without_stops\`.`,
      params: paramsOf(p.readAlert),
      response: { 200: ZApproachAlert, ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request) => readApproachAlert(contextOf(request), request.params.id),
  });

  r.route({
    ...routeOf(p.updateAlert),
    schema: {
      tags,
      summary: "Set the caller's approach alert on a route",
      description: `${ALERT_DESCRIPTION} A stop of another route is 400 \`invalid_stop\`; a distance and a time together are 400. Answers the alert as saved.`,
      params: paramsOf(p.updateAlert),
      body: ZApproachAlert,
      response: { 200: ZApproachAlert, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => saveApproachAlert(contextOf(request), request.params.id, request.body),
  });
}
