import { ZEnrollmentStatus, ZMemberCreate, ZMembershipRole, ZNode, ZNodeCreate, ZNodeDetail, ZNodeMember, ZNodePatch, ZNodeTree, ZNodeType } from '@patio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors } from '../../http/schemas';
import { membersExportRoutes } from './members-export.routes';
import { nodesPolicies as p } from './nodes.policy';
import { addMember, createNode, getNode, getTree, listChildNodes, listMembers, listNodeTypes, patchNode, removeMember, removeNode } from './nodes.service';

const tags = ['nodes'];

/** GET nodes/{id}/members?status=: the students with one enrollment status (withdrawn ones included). */
const ZNodeMembersQuery = z.object({ status: ZEnrollmentStatus.optional() });

export async function nodesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(p.listNodeTypes),
    schema: {
      tags,
      summary: 'Node types',
      description: 'Kinds of node (section, grade, class, team, route…) with singular and plural names in es, en, de, fr, it, pt.',
      params: paramsOf(p.listNodeTypes),
      response: { 200: z.array(ZNodeType), ...errors(401, 403) },
    },
    handler: async (request) => listNodeTypes(contextOf(request)),
  });

  r.route({
    ...routeOf(p.readTree),
    schema: {
      tags,
      summary: 'The school tree',
      description: 'Every node (parents before children) with its type and member count, and the node types.',
      params: paramsOf(p.readTree),
      response: { 200: ZNodeTree, ...errors(401, 403) },
    },
    handler: async (request) => getTree(contextOf(request)),
  });

  r.route({
    ...routeOf(p.createNode),
    schema: {
      tags,
      summary: 'Create a node',
      description: 'School administrators. `parentId` null makes a root.',
      params: paramsOf(p.createNode),
      body: ZNodeCreate,
      response: { 201: ZNodeDetail, ...errors(400, 401, 403) },
    },
    handler: async (request, reply) => reply.code(201).send(await createNode(contextOf(request), request.body)),
  });

  r.route({
    ...routeOf(p.readNode),
    schema: {
      tags,
      summary: 'A node',
      description: 'The node with its path from the root.',
      params: paramsOf(p.readNode),
      response: { 200: ZNodeDetail, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => getNode(contextOf(request), request.params.id),
  });

  r.route({
    ...routeOf(p.updateNode),
    schema: {
      tags,
      summary: 'Rename or move a node',
      description: 'School administrators. Moving a node under itself or one of its descendants is refused (409) and changes nothing.',
      params: paramsOf(p.updateNode),
      body: ZNodePatch,
      response: { 200: ZNodeDetail, ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request) => patchNode(contextOf(request), request.params.id, request.body),
  });

  r.route({
    ...routeOf(p.deleteNode),
    schema: {
      tags,
      summary: 'Delete an empty node',
      description: 'School administrators. A node with child nodes, stops or members is refused (409).',
      params: paramsOf(p.deleteNode),
      response: { 204: z.null().describe('Deleted'), ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request, reply) => {
      await removeNode(contextOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  r.route({
    ...routeOf(p.listChildren),
    schema: {
      tags,
      summary: 'Child nodes',
      params: paramsOf(p.listChildren),
      response: { 200: z.array(ZNode), ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => listChildNodes(contextOf(request), request.params.id),
  });

  r.route({
    ...routeOf(p.listMembers),
    schema: {
      tags,
      summary: 'Members of a node',
      description:
        'One row per person and role. School-wide staff (administrators, employees of the school) and the teachers ' +
        'and employees of the node or an ancestor see everything, enrollment included; a driver sees the riders of ' +
        'their route; current members and their parents see the cards and roles. Withdrawn, graduated and inactive ' +
        'students are left out; `status` lists the students with that enrollment status instead (labelled by ' +
        '`enrollmentStatus`), and only for those who see enrollment (else 403 `forbidden_filter`).',
      params: paramsOf(p.listMembers),
      querystring: ZNodeMembersQuery,
      response: { 200: z.array(ZNodeMember), ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => listMembers(contextOf(request), request.params.id, request.query),
  });

  r.route({
    ...routeOf(p.addMember),
    schema: {
      tags,
      summary: 'Add a member or change an enrollment',
      description: 'School administrators. 201 for a new role in the node, 200 when it existed (enrollment updated). Answers the members.',
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

  await app.register(membersExportRoutes);
}
