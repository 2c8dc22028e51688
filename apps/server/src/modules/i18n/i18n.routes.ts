import { ZTermMap } from '@patio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors } from '../../http/schemas';
import { i18nPolicies } from './i18n.policy';
import { getTermMap } from './i18n.service';

export async function i18nRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const policy of [i18nPolicies.readTerms, i18nPolicies.readTermsLegacy]) {
    r.route({
      ...routeOf(policy),
      schema: {
        tags: ['i18n'],
        summary: "The school's term overrides for a language",
        description: 'A flat map key → text for es, en, de, fr, it or pt (regional tags such as es-CO map to es). No token needed.',
        params: paramsOf(policy),
        response: { 200: ZTermMap, ...errors(400, 404) },
      },
      handler: async (request) => getTermMap(contextOf(request), request.params.lang),
    });
  }
}
