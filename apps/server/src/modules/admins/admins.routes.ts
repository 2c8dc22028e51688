import { ZAdminCreate, ZPersonCard } from '@patio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors } from '../../http/schemas';
import { adminsPolicies as p } from './admins.policy';
import { addAdmin, listAdmins, removeAdmin } from './admins.service';

export async function adminsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(p.listAdmins),
    schema: {
      tags: ['people'],
      summary: 'School administrators',
      params: paramsOf(p.listAdmins),
      response: { 200: z.array(ZPersonCard), ...errors(401, 403) },
    },
    handler: async (request) => listAdmins(contextOf(request)),
  });

  r.route({
    ...routeOf(p.addAdmin),
    schema: {
      tags: ['people'],
      summary: 'Make someone an administrator',
      description: 'School administrators. 201 when added, 200 when they already were. Answers the administrators.',
      params: paramsOf(p.addAdmin),
      body: ZAdminCreate,
      response: { 200: z.array(ZPersonCard), 201: z.array(ZPersonCard), ...errors(400, 401, 403) },
    },
    handler: async (request, reply) => {
      const { created, admins } = await addAdmin(contextOf(request), request.body.personId);
      return reply.code(created ? 201 : 200).send(admins);
    },
  });

  r.route({
    ...routeOf(p.removeAdmin),
    schema: {
      tags: ['people'],
      summary: 'Remove an administrator',
      description: 'School administrators. Removing the last administrator is refused (409) and changes nothing.',
      params: paramsOf(p.removeAdmin),
      response: { 204: z.null().describe('Removed'), ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request, reply) => {
      await removeAdmin(contextOf(request), request.params.personId);
      return reply.code(204).send(null);
    },
  });
}
