import { ZNode, ZNodeCreate, ZNodeDetail, ZNodePatch, ZNodeTree, ZNodeType } from '@patio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors } from '../../http/schemas';
import { membersExportRoutes } from './members-export.routes';
import { nodesPolicies as p } from './nodes.policy';
import { createNode, getNode, getTree, listChildNodes, listNodeTypes, patchNode, removeNode } from './nodes.service';

const tags = ['nodes'];

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
      description:
        'The groups in the caller\'s care, parents before children, each with its type and member count, and the node ' +
        'types. School-wide staff (administrators, employees of the school) get every node; teachers and employees of a ' +
        'node the subtrees they teach or work in (and the groups where they or their children are members); drivers ' +
        'their routes. A node whose parent is not listed starts its own branch. Families and students: 403 (they reach ' +
        'their groups from their own pages). `memberCount` counts people, once each however many roles they hold, as ' +
        '`GET nodes/{id}/members` lists them (its `X-Total-Count`).',
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
      description:
        'School administrators. `parentId` null makes a root. 400 `unknown_parent` / `unknown_node_type` for ids of ' +
        'nothing in this school; 409 `node_name_taken` when a sibling already has the name (case and repeated spaces ' +
        'ignored); nothing is written then.',
      params: paramsOf(p.createNode),
      body: ZNodeCreate,
      response: { 201: ZNodeDetail, ...errors(400, 401, 403, 409) },
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
      description:
        'School administrators. Moving a node under itself or one of its descendants (409 `node_cycle`), or giving it a ' +
        'name one of its new siblings has (409 `node_name_taken`), is refused and changes nothing.',
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
      description: 'The sub-groups the caller finds in lists, as in `GET nodes` (school-wide staff: all of them).',
      params: paramsOf(p.listChildren),
      response: { 200: z.array(ZNode), ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => listChildNodes(contextOf(request), request.params.id),
  });

  await app.register(membersExportRoutes);
}
