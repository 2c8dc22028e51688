import { ZPerson } from '@patio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors } from '../../http/schemas';
import { peoplePolicies } from './people.policy';
import { getPerson } from './people.service';

export async function peopleRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(peoplePolicies.readPerson),
    schema: {
      tags: ['people'],
      summary: 'A person',
      description:
        'The person, their relatives and school administrators get the full profile; other members of ' +
        'the school get the public card (id, names, avatar, roles).',
      params: paramsOf(peoplePolicies.readPerson),
      response: { 200: ZPerson, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => getPerson(contextOf(request), request.params.id),
  });
}
