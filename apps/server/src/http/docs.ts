import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the routes' zod schemas; UI at /api/docs, JSON at /api/docs/json. */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Patio API',
        version: '0.1.0',
        description:
          'School APIs live under `/api/{org}/` (org = school code). Send `Authorization: Bearer <access_token>` ' +
          'from `POST oauth/token`. Every non-2xx answer is `{error, message}` (+ `details` for invalid input). ' +
          'Ids in paths and query strings are plain decimal digits (`12`; `12.0`, `0xc`, `012` are 400). Any text ' +
          'holding a NUL character (U+0000) is refused with 400 `invalid_characters`.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          basic: { type: 'http', scheme: 'basic' },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Swagger UI sets inline style attributes, and runs on plain http in development (no upgrade).
    transformStaticCSP: (header) =>
      header.replace(/\s*upgrade-insecure-requests;?/, '').replace("style-src 'self'", "style-src 'self' 'unsafe-inline'"),
  });
}
