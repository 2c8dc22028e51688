import { ZMemberCreate, ZMembershipRole, ZNodeMember, ZNodeMembersQuery } from '@patio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors } from '../../http/schemas';
import { nodesPolicies as p } from '../nodes/index';
import { addMember, listMembers, removeMember } from './members.service';

const tags = ['nodes'];

/** The roster of a node (GET, POST nodes/{id}/members, DELETE nodes/{id}/members/{personId}); rights are the nodes area's. */
export async function membersRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(p.listMembers),
    schema: {
      tags,
      summary: 'Members of a node',
      description:
        'One entry per person (issue 8): `memberships` holds every role the person has in the node (director, ' +
        'teachers, substitutes, employees, then students), and `role`, `enrollmentStatus`, `outcome`, `schoolYear` ' +
        'repeat the first of them for clients written when the list had one entry per role. People come in that role ' +
        'order, then by name. School-wide staff (administrators, employees of the school) and the teachers and ' +
        'employees of the node or an ancestor see everything, enrollment included; a driver sees the riders of their ' +
        'route; current members and their parents see the cards and roles. Withdrawn, graduated and inactive students ' +
        'are left out; `status` lists the students with that enrollment status instead (labelled by ' +
        '`enrollmentStatus`), and only for those who see enrollment (else 403 `forbidden_filter`). Every person is ' +
        'listed unless `limit` (and `page`) ask for one page; `X-Total-Count` is the number of people, the ' +
        '`memberCount` of the node in `GET nodes`.',
      params: paramsOf(p.listMembers),
      querystring: ZNodeMembersQuery,
      response: { 200: z.array(ZNodeMember), ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const { items, total } = await listMembers(contextOf(request), request.params.id, request.query);
      reply.header('x-total-count', String(total));
      return items;
    },
  });

  r.route({
    ...routeOf(p.addMember),
    schema: {
      tags,
      summary: 'Add a member or change an enrollment',
      description: 'School administrators. 201 for a new role in the node, 200 when it existed (enrollment updated). Answers the members, one entry per person as GET lists them.',
      params: paramsOf(p.addMember),
      body: ZMemberCreate,
      response: { 200: z.array(ZNodeMember), 201: z.array(ZNodeMember), ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const { created, members } = await addMember(contextOf(request), request.params.id, request.body);
      return reply.code(created ? 201 : 200).send(members);
    },
  });

  r.route({
    ...routeOf(p.removeMember),
    schema: {
      tags,
      summary: 'Remove a member',
      description: 'School administrators. With `role`, only that role; without, every role of the person in the node.',
      params: paramsOf(p.removeMember),
      querystring: z.object({ role: ZMembershipRole.optional() }),
      response: { 204: z.null().describe('Removed'), ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      await removeMember(contextOf(request), request.params.id, request.params.personId, request.query.role);
      return reply.code(204).send(null);
    },
  });
}
