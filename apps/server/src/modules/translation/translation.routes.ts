import { ZApiError, ZPostTranslation, ZTranslationRequest, ZTranslationService } from '@patio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors } from '../../http/schemas';
import { translatePost, translationService } from './translation.service';
import { translationPolicies } from './translation.policy';

/** Reading a post in another language (issue 33 item 9; docs/decisions/029-post-translation.md). */
export async function translationRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(translationPolicies.describeService),
    schema: {
      tags: ['posts'],
      summary: 'Whether posts can be translated',
      description:
        'The translation service is the server operator’s (TRANSLATE_PROVIDER: LibreTranslate or DeepL), the same for every ' +
        'school. Without one, `available` is false and POST posts/{id}/translations answers 409 `translation_off`.',
      params: paramsOf(translationPolicies.describeService),
      response: { 200: ZTranslationService, ...errors(401, 403) },
    },
    handler: async (request) => translationService(contextOf(request)),
  });

  r.route({
    ...routeOf(translationPolicies.translatePost),
    // A language code is all the body holds.
    bodyLimit: 1024,
    schema: {
      tags: ['posts'],
      summary: 'A post in another language',
      description:
        'The post’s title and description translated into `language` by the operator’s translation service, the ' +
        'description sanitised as descriptions are. Kept per post and language: asking again answers the kept ' +
        'translation until the post changes. A post the caller may not read is 404, as GET posts/{id}. A post already ' +
        'in `language` answers itself. No service configured: 409 `translation_off`; a post longer than 100,000 ' +
        'characters: 413 `too_long_to_translate`; the service down or failing: 503 `translation_unavailable` (try again later).',
      params: paramsOf(translationPolicies.translatePost),
      body: ZTranslationRequest,
      response: {
        200: ZPostTranslation,
        ...errors(400, 401, 403, 404, 409, 413),
        503: ZApiError.describe('The translation service is unreachable or failing: `translation_unavailable`'),
      },
    },
    handler: async (request) => translatePost(contextOf(request), request.params.id, request.body.language),
  });
}
