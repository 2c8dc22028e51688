import { ZPageQuery, ZPost, ZTrailEntry, ZTrailQuery } from '@patio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors } from '../../http/schemas';
import { getPost, getTrail, listHighlights } from './posts-read.service';
import { threadsPolicies } from './threads.policy';

/** Reading posts outside a thread: one post, its trail, the highlights board. */
export async function postsReadRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(threadsPolicies.listHighlights),
    schema: {
      tags: ['threads'],
      summary: 'The highlights board',
      description:
        'Published highlighted posts addressed to the caller and not in their trash, and the caller’s own ' +
        'highlighted posts, leaving out expired ones, newest first, as cards. The total is in `X-Total-Count`. ' +
        '`{id}` is the caller’s own person id: another person of the school is 403, an id of nobody here 404.',
      params: paramsOf(threadsPolicies.listHighlights),
      querystring: ZPageQuery,
      response: { 200: z.array(ZPost), ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const { items, total } = await listHighlights(contextOf(request), request.query);
      reply.header('x-total-count', String(total));
      return items;
    },
  });

  r.route({
    ...routeOf(threadsPolicies.readPost),
    schema: {
      tags: ['threads'],
      summary: 'A post',
      description:
        'The card of a post for its author (drafts and scheduled posts too), its recipients and, once published, ' +
        'the school’s administrators. Quotes the caller may not read are left out. Anyone else gets 404, as for a ' +
        'post that does not exist.',
      params: paramsOf(threadsPolicies.readPost),
      response: { 200: ZPost, ...errors(400, 401, 404) },
    },
    handler: async (request) => getPost(contextOf(request), request.params.id),
  });

  r.route({
    ...routeOf(threadsPolicies.readTrail),
    schema: {
      tags: ['threads'],
      summary: 'The trail of a post',
      description:
        'Spec §2 Post trail view: the post, then the post it replies to, and so on, at most `limit` (50 by default), ' +
        'each with its author’s names, publish date and description. The trail stops before the first post the ' +
        'caller may not read. A post the caller may not read is 404.',
      params: paramsOf(threadsPolicies.readTrail),
      querystring: ZTrailQuery,
      response: { 200: z.array(ZTrailEntry), ...errors(400, 401, 404) },
    },
    handler: async (request) => getTrail(contextOf(request), request.params.id, request.query.limit),
  });
}
