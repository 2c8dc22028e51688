import { ZAppearance, ZAppearanceUpdate } from '@patio/core/schemas/appearance';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors, fileAnswer, mime } from '../../http/schemas';
import { readLogo } from './appearance.logo';
import { appearanceOf, updateAppearance } from './appearance.service';
import { settingsPolicies } from './settings.policy';

const YEAR_SECONDS = 365 * 24 * 3600;

export async function appearanceRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(settingsPolicies.readAppearance),
    schema: {
      tags: ['settings'],
      summary: "The school's name, colour, logo, default language, time zone and sign-in methods (school administrators)",
      params: paramsOf(settingsPolicies.readAppearance),
      response: { 200: ZAppearance, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => appearanceOf(request.org, contextOf(request)),
  });

  r.route({
    ...routeOf(settingsPolicies.updateAppearance),
    schema: {
      tags: ['settings'],
      summary: "Set the school's name, colour, logo, default language, time zone and mailed sign-in links (school administrators)",
      description:
        'Every field is checked before anything is written: 400 invalid_name, invalid_color, color_unreadable (white text on the ' +
        'colour below 3:1, the check the app applies to its bars), invalid_language, invalid_time_zone, logo_not_found, ' +
        'logo_too_large, logo_type_refused (SVG and non-images), invalid_logo. A logo is one of your own uploads, re-encoded as ' +
        'a PNG of at most 512 px and served without a token; GET vue/settings carries the colour, logo address, language and ' +
        'signInLink at once. Answers the appearance as stored.',
      params: paramsOf(settingsPolicies.updateAppearance),
      body: ZAppearanceUpdate,
      response: { 200: ZAppearance, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => {
      const appearance = await updateAppearance(contextOf(request), request.body);
      request.log.info({ orgId: request.org.id, by: request.caller?.id }, 'school appearance changed');
      return appearance;
    },
  });

  r.route({
    ...routeOf(settingsPolicies.readLogo),
    schema: {
      tags: ['settings'],
      summary: "The school's logo (PNG, no token needed)",
      description: 'The address comes from GET vue/settings `logo`. Each logo has its own address, so it may be cached for a year.',
      params: paramsOf(settingsPolicies.readLogo),
      response: { 200: fileAnswer('PNG image', mime.png), ...errors(400, 404) },
    },
    handler: async (request, reply) => {
      const png = await readLogo(request.server.patio.storage, request.org.id, request.params.file);
      return reply
        .type('image/png')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', `public, max-age=${YEAR_SECONDS}, immutable`)
        .send(png);
    },
  });
}
