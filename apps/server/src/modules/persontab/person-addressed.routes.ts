import { ZAddressedPosts, ZPersonPostsQuery } from '@patio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors } from '../../http/schemas';
import { listAddressed } from './person-addressed.service';
import { persontabPolicies } from './persontab.policy';

export async function personAddressedRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...routeOf(persontabPolicies.listAddressed),
    schema: {
      tags: ['people'],
      summary: 'Posts addressed to a person (the person tab’s Anuncios and Cartelera)',
      description:
        'For staff who may see the person (GET people/{id}) and the person; anyone else 403, an id of nobody in this school ' +
        '404. Published posts the person received that the caller may read too (the rule of GET posts/{id}: administrators ' +
        'every published post, others those they wrote or received), newest first. `announcements`: first posts of every ' +
        'type but `message` (private messages); `highlights`: the posts of the person’s highlights board (highlighted, not ' +
        'expired, not in their trash). `read`: whether the person read it, for the post’s author and administrators; null ' +
        'for other callers. Paged by `page` and `limit` (at most 50); `total` counts every match.',
      params: paramsOf(persontabPolicies.listAddressed),
      querystring: ZPersonPostsQuery,
      response: { 200: ZAddressedPosts, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => listAddressed(contextOf(request), request.params.id, request.query),
  });
}
