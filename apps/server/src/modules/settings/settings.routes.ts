import { ZSettings } from '@patio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { paramsOf, routeOf } from '../../http/school-scope';
import { errors } from '../../http/schemas';
import { settingsPolicies } from './settings.policy';
import { publicSettings } from './settings.service';

export async function settingsRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...routeOf(settingsPolicies.read),
    schema: {
      tags: ['settings'],
      summary: "The school's public settings (spec §3 Settings)",
      description: 'Title, colour (default #1C89B8), logo, which sign-in providers are configured, plus free keys such as currencyPostfix and tuCompra. No token needed.',
      params: paramsOf(settingsPolicies.read),
      response: { 200: ZSettings, ...errors(400, 404) },
    },
    handler: async (request) => publicSettings(request.org),
  });
}
