import { ZAudience, ZAudienceSummary, ZPageQuery, ZPostRecipient } from '@patio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors } from '../../http/schemas';
import { postsPolicies as p } from './posts.policy';
import { listRecipients, previewRecipients } from './recipients.service';

export async function recipientsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(p.summarizeAudience),
    schema: {
      tags: ['posts'],
      summary: 'Who a post being written would reach, by kind (compose\'s recipient summary)',
      description:
        'The audience of a post (`people`, `rules`, `relatives`, as in a draft) resolved as publishing would resolve it now: ' +
        'approved people of the school, the author left out. Answers how many, and of them how many are current students, ' +
        'parent-like relatives and staff (a person in two kinds counts in each). An empty audience answers zeros, not 400. ' +
        'The same checks as publishing: a rule for staff only and within what the caller may ask about (403 `forbidden_audience` ' +
        'or `forbidden_filter`), people the caller may see (403 `forbidden_recipients`), a malformed rule 400. `{me}` must be the caller.',
      params: paramsOf(p.summarizeAudience),
      body: ZAudience,
      response: { 200: ZAudienceSummary, ...errors(400, 401, 403) },
    },
    handler: async (request) => previewRecipients(contextOf(request), request.body),
  });

  r.route({
    ...routeOf(p.listRecipients),
    schema: {
      tags: ['posts'],
      summary: 'Who received a post (the post card\'s audience text)',
      description:
        'The recipients\' cards (name and avatar) in name order, never whether they read it (receipts: GET posts/{id}/stubs). ' +
        'Paged (`page`, `limit`, default 20, at most 100); the total is in `X-Total-Count`. The author and, for a published ' +
        'post, school administrators always; a recipient only when the post\'s `recipientsVisible` setting is on, else 403 ' +
        '`recipients_hidden`; anyone else, and any id the school does not have, 404 (decision 010).',
      params: paramsOf(p.listRecipients),
      querystring: ZPageQuery,
      response: { 200: ZPostRecipient.array(), ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const { items, total } = await listRecipients(contextOf(request), request.params.id, request.query);
      reply.header('x-total-count', String(total));
      return items;
    },
  });
}
