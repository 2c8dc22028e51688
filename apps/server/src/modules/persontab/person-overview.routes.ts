import { ZPersonOverview } from '@patio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors } from '../../http/schemas';
import { getPersonOverview } from './person-overview.service';
import { persontabPolicies } from './persontab.policy';

export async function personOverviewRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...routeOf(persontabPolicies.readOverview),
    schema: {
      tags: ['people'],
      summary: 'A person’s key facts (the person tab’s dashboard)',
      description:
        'For staff who may see the person (GET people/{id}), the person and their parent-like relatives; anyone else 403, an id ' +
        'of nobody in this school 404. Each fact is exactly what its own area shows this caller, null (never a zero) where it ' +
        'shows nothing: `attendance` the marks of the last 30 days on the groups whose attendance reports the caller reads ' +
        '(null: not a student, or none of those groups); `balance` as people/{id}/billing/balance (billing staff and the ' +
        'family); `transport` the routes the person rides or works on that the caller sees; `groups` the current memberships, ' +
        'to those who see the person’s school data (else empty); `recentThreads` the newest threads of the caller’s own inbox ' +
        'the person takes part in (as the folder list’s `with`).',
      params: paramsOf(persontabPolicies.readOverview),
      response: { 200: ZPersonOverview, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => getPersonOverview(contextOf(request), request.params.id),
  });
}
