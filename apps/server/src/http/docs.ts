import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Policy } from '../policy/policy';
import { installDocumentedAnswerCheck } from './openapi-answers';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * For the document only: a body the handler reads itself — the multipart/form-data of an upload
     * (request.file()), a form another site posts — which Fastify does not validate as it does `body`.
     * Keyed by Content-Type.
     */
    documentedBody?: Record<string, z.ZodType>;
  }
}

/** The document's version: 3.1 (JSON Schema 2020-12), where a nullable enum lists null as a type and a value. */
export const OPENAPI_VERSION = '3.1.0';

/**
 * The same template under two parameter names is one path to a client (and an error to OpenAPI
 * linters): GET people/:id/threads/:folder lists a folder, POST people/:id/threads/:action acts on
 * threads, and the router tells them apart by method only. The document names both segments
 * `folder`; the POST's values (feed, archive, trash, read, unread) stay in its enum.
 */
const documentedParamNames: Record<string, Record<string, string>> = {
  'POST /api/:org/people/:id/threads/:action': { action: 'folder' },
};

/** A route's url as the document writes it (`:id` → `{id}`, no trailing slash: the router ignores it). */
export function documentedPath(method: string, url: string): string {
  const renames = documentedParamNames[`${method} ${url}`] ?? {};
  return url
    .replace(/:(\w+)/g, (_all, name: string) => `{${renames[name] ?? name}}`)
    .replace(/(.)\/$/, '$1');
}

/** OpenAPI generated from the routes' zod schemas; UI at /api/docs, JSON at /api/docs/json. */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  const publicUrl = app.hasDecorator('patio') ? app.patio.config.publicUrl : undefined;
  await app.register(swagger, {
    openapi: {
      openapi: OPENAPI_VERSION,
      info: {
        title: 'Patio API',
        version: '0.1.0',
        description:
          'School APIs live under `/api/{org}/` (org = school code). Send `Authorization: Bearer <access_token>` ' +
          'from `POST oauth/token`. Every non-2xx answer is `{error, message}` (+ `details` for invalid input). ' +
          'Ids in paths and query strings are plain decimal digits (`12`; `12.0`, `0xc`, `012` are 400). Any text ' +
          'holding a NUL character (U+0000) is refused with 400 `invalid_characters`. Operations that need no token ' +
          'say so in their security; a token sent to them anyway must be valid.',
      },
      // The server that serves this document (PUBLIC_URL when set), so the paths below are absolute on it.
      servers: [{ url: publicUrl ?? '/', description: 'This Patio server' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        },
      },
      security: [{ bearer: [] }],
    },
    stripBasePath: false,
    transform: documentTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Swagger UI sets inline style attributes, and runs on plain http in development (no upgrade).
    transformStaticCSP: (header) =>
      header.replace(/\s*upgrade-insecure-requests;?/, '').replace("style-src 'self'", "style-src 'self' 'unsafe-inline'"),
  });
  if (app.hasDecorator('patio') && app.patio.config.validateResponses) installDocumentedAnswerCheck(app, documentedPath);
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/** zod → JSON Schema (fastify-type-provider-zod), then what the routes' zod schemas cannot say themselves. */
function documentTransform(input: TransformInput): ReturnType<typeof jsonSchemaTransform> {
  const { documentedBody, ...schema } = (input.schema ?? {}) as FastifySchema;
  const method = String([input.route.method].flat()[0]);
  const renames = documentedParamNames[`${method} ${input.url}`];
  const out = jsonSchemaTransform({ ...input, schema }) as { schema: Record<string, unknown>; url: string };
  const documented = out.schema;
  if (documented && !documented.hide) {
    for (const part of ['params', 'querystring', 'body', 'headers', 'response'] as const) {
      // Ids are digits in a path or query string only; a body's digit string stays a string.
      if (documented[part]) documented[part] = tidy(documented[part], part === 'params' || part === 'querystring');
    }
    if (renames && documented.params) documented.params = renamed(documented.params as JsonSchema, renames);
    if (documentedBody) {
      const content = Object.entries(documentedBody).map(([type, body]) => {
        const { $schema: _dialect, ...json } = tidy(z.toJSONSchema(body, { io: 'input', target: 'draft-2020-12', unrepresentable: 'any' }));
        return [type, { schema: json }];
      });
      documented.body = { content: Object.fromEntries(content) };
    }
    documented.operationId ??= operationIdOf(method, documentedPath(method, input.url));
    const policy = (input.route.config as { policy?: Policy } | undefined)?.policy;
    // A public route needs no token; one sent anyway is checked (401 when invalid).
    if (policy?.public && documented.security === undefined) documented.security = [{}, { bearer: [] }];
  }
  return { schema: documented, url: documentedPath(method, input.url).replace(/\{(\w+)\}/g, ':$1') } as ReturnType<typeof jsonSchemaTransform>;
}

/**
 * A stable name for code generators: the method and the path's words, parameters as `By…`
 * (GET /api/{org}/people/{id}/threads/{folder} → getPeopleByIdThreadsByFolder). Unique because
 * method and path are.
 */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/api\/\{org\}/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      return param ? ['by', param[1]] : segment.split(/[^A-Za-z0-9]+/).filter(Boolean);
    });
  return method.toLowerCase() + words.map((word) => word[0].toUpperCase() + word.slice(1)).join('');
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type JsonSchema = Record<string, any>;

function renamed(params: JsonSchema, renames: Record<string, string>): JsonSchema {
  const properties = Object.fromEntries(Object.entries(params.properties ?? {}).map(([name, value]) => [renames[name] ?? name, value]));
  const required = (params.required as string[] | undefined)?.map((name) => renames[name] ?? name);
  return { ...params, properties, ...(required ? { required } : {}) };
}

/** Keywords whose values are data, not schemas. */
const valueKeywords = new Set(['enum', 'required', 'const', 'default', 'examples', 'example']);

/** Plain-digit id pattern of ZIdText (packages/core/src/schemas/ids.ts): an integer to a client. */
const ID_PATTERN = '^[1-9][0-9]{0,9}$';
const WHOLE_NUMBER_PATTERN = '^(0|[1-9][0-9]{0,9})$';

/**
 * What zod's JSON Schema says in a roundabout way, said plainly for OpenAPI readers:
 * - an id or whole number written as digits in a path or query string is an `integer`;
 * - `anyOf: [{type: T, …}, {type: 'null'}]` (a `.nullable()`) is `type: [T, 'null']`, with null in its enum;
 * - a record keyed by an enum (`required` names with no `properties`) names those properties.
 */
export function tidy(node: unknown, digitsAreIntegers = false): JsonSchema {
  if (Array.isArray(node)) return node.map((item) => tidy(item, digitsAreIntegers)) as unknown as JsonSchema;
  if (typeof node !== 'object' || node === null) return node as JsonSchema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) out[key] = valueKeywords.has(key) ? value : tidy(value, digitsAreIntegers);
  if (digitsAreIntegers && out.type === 'string' && (out.pattern === ID_PATTERN || out.pattern === WHOLE_NUMBER_PATTERN)) {
    const { pattern, maxLength: _max, minLength: _min, ...rest } = out;
    return { ...rest, type: 'integer', minimum: pattern === ID_PATTERN ? 1 : 0, maximum: 2_147_483_647 };
  }
  if (Array.isArray(out.anyOf) && out.anyOf.length === 2) {
    const nullAt = out.anyOf.findIndex((branch: JsonSchema) => branch.type === 'null' && Object.keys(branch).length === 1);
    const other = out.anyOf[1 - nullAt] as JsonSchema | undefined;
    if (nullAt >= 0 && other && typeof other.type === 'string' && !other.anyOf && !other.oneOf && !other.allOf && !other.$ref) {
      const { anyOf: _anyOf, ...annotations } = out;
      const { const: constant, ...rest } = other;
      const values = Array.isArray(other.enum) ? other.enum : 'const' in other ? [constant] : undefined;
      return { ...rest, ...annotations, type: [other.type, 'null'], ...(values ? { enum: [...values, null] } : {}) };
    }
  }
  if (Array.isArray(out.required) && out.additionalProperties && typeof out.additionalProperties === 'object') {
    const properties: JsonSchema = { ...(out.properties ?? {}) };
    for (const name of out.required as string[]) properties[name] ??= out.additionalProperties;
    out.properties = properties;
  }
  return out;
}
