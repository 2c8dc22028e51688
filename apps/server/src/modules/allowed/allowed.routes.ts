import { ZAllowedRequest, ZAllowedResponse } from '@patio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors } from '../../http/schemas';
import { allowedPolicies } from './allowed.policy';
import { checkAllowed } from './allowed.service';

export async function allowedRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...routeOf(allowedPolicies.check),
    schema: {
      tags: ['auth'],
      summary: 'Which of these paths may I use?',
      description:
        'Body: API paths relative to the school, optionally prefixed by a method (`"people/12"`, ' +
        '`"POST people/12/login-tokens"`; default GET). Answer: path → boolean, computed by the same ' +
        'policies the endpoints enforce. Unknown paths (`constructor`, `__proto__` included) are false; ' +
        'a path with a malformed %-escape is a 400 `invalid_path`.',
      params: paramsOf(allowedPolicies.check),
      body: ZAllowedRequest,
      response: { 200: ZAllowedResponse, ...errors(400, 401, 403) },
    },
    // Zod rebuilds records without a "__proto__" key; the answer is built by us, so plain JSON keeps every key.
    serializerCompiler: () => (data) => JSON.stringify(data),
    handler: async (request) => checkAllowed(contextOf(request), request.body),
  });
}
