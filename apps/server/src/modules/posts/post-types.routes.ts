import { ZPostType, ZPostTypeUpdate } from '@patio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors } from '../../http/schemas';
import { postsPolicies as p } from './posts.policy';
import { listPostTypes, updatePostTypeOf } from './post-types.service';

export async function postTypesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['posts'];

  r.route({
    ...routeOf(p.listPostTypes),
    schema: {
      tags,
      summary: 'The kinds of post of the school (spec §3 Post types)',
      description:
        'The 18 kinds (absence, urgent_notice, bulletin, circular, classified, payment, announcement, document, poll, ' +
        'event, message, news, notification, transport_news, process, meeting, follow_up, task) in list order, with ' +
        '`singular` and `plural` in the caller\'s language (English when it has none), all six languages in `names`, ' +
        'a Tabler icon name, a #rrggbb colour and whether lists offer it. Every signed-in member of the school.',
      params: paramsOf(p.listPostTypes),
      response: { 200: ZPostType.array(), ...errors(401, 403) },
    },
    handler: async (request) => listPostTypes(contextOf(request)),
  });

  r.route({
    ...routeOf(p.updatePostType),
    schema: {
      tags,
      summary: 'Rename, recolour, change the icon of or hide a kind of post (administrators)',
      description:
        'Any of `names` (per language: {singular, plural}, 1–80 characters each; languages not sent keep theirs), ' +
        '`icon` (lowercase letters, digits and dashes), `color` (#rrggbb) and `visible`. Answers the kind as GET ' +
        'post-types lists it. Unknown fields or a bad value: 400.',
      params: paramsOf(p.updatePostType),
      body: ZPostTypeUpdate,
      response: { 200: ZPostType, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => updatePostTypeOf(contextOf(request), request.params.type, request.body),
  });
}
