import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

// With checked answers (tests, VALIDATE_RESPONSES=1) every answer is held against the OpenAPI
// document the server publishes, read back from its JSON as a client would: the status must be
// documented, the Content-Type one the document lists, and a JSON body valid under the documented
// schema (converted by zod's JSON Schema reader, not by the route's own zod schema, so a
// difference between the two — a nullable enum whose documented values miss null — shows).
// A drifted answer becomes a 500 that names the drift, so the test that produced it fails.

type Json = Record<string, unknown>;
interface DocumentedResponse {
  content?: Record<string, { schema?: Json }>;
}

/**
 * Installs the check as the last onSend hook of `app`; `documentedPath` turns a route's method and
 * url into its path in the document.
 */
export function installDocumentedAnswerCheck(app: FastifyInstance, documentedPath: (method: string, url: string) => string): void {
  type Document = { paths: Record<string, Record<string, { responses?: Record<string, DocumentedResponse> }>> };
  let document: Document | undefined;
  const readers = new Map<Json, z.ZodType | Error>();
  const readerOf = (schema: Json): z.ZodType | Error => {
    let reader = readers.get(schema);
    if (!reader) {
      try {
        reader = z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0], { defaultTarget: 'draft-2020-12' });
      } catch (err) {
        reader = err instanceof Error ? err : new Error(String(err));
      }
      readers.set(schema, reader);
    }
    return reader;
  };

  app.addHook('onSend', async (request, reply, payload) => {
    const drift = driftOf(request, reply, payload);
    if (!drift) return payload;
    const message = `Answer ${reply.statusCode} of ${request.method} ${request.routeOptions.url} drifts from its OpenAPI document: ${drift}`;
    request.log.error(message);
    process.stderr.write(`${message}\n`);
    reply.code(500);
    for (const header of ['content-length', 'content-disposition', 'content-encoding', 'content-range']) reply.removeHeader(header);
    reply.header('content-type', 'application/json; charset=utf-8');
    return JSON.stringify({ error: 'internal', message });
  });

  function driftOf(request: FastifyRequest, reply: FastifyReply, payload: unknown): string | null {
    const url = request.routeOptions.url;
    const schema = request.routeOptions.schema;
    // No route (404 of the router), an undocumented or hidden route, a failure (its own test failure), HEAD.
    if (!url || !schema || schema.hide || reply.statusCode >= 500 || request.method === 'HEAD' || reply.statusCode === 304) return null;
    document ??= app.swagger() as unknown as Document;
    const operation = document.paths[documentedPath(request.method, url)]?.[request.method.toLowerCase()];
    if (!operation) return request.method === 'OPTIONS' ? null : 'the route is not in the document';
    const status = String(reply.statusCode);
    const response = operation.responses?.[status] ?? operation.responses?.[`${status[0]}XX`] ?? operation.responses?.default;
    if (!response) {
      // Framework answers (400 bad school code, 413, 415, 429 ...) reach every route; they are `{error, message}` (errors.ts).
      return reply.statusCode >= 400 ? null : `status ${status} is not documented`;
    }
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
    const type = String(reply.getHeader('content-type') ?? '').split(';')[0].trim().toLowerCase();
    // Fastify drops the body of a 204 after onSend, whatever the handler passed (send(null) is "null" here).
    if (reply.statusCode === 204) return response.content ? 'a 204 has no body, but the document gives it one' : null;
    if (!response.content) {
      return body === null || body === '' ? null : `it has a ${type || 'typeless'} body where the document has none`;
    }
    const types = Object.keys(response.content);
    const documentedType = types.find((candidate) => candidate === type || candidate === '*/*' || (candidate.endsWith('/*') && type.startsWith(candidate.slice(0, -1))));
    if (!documentedType) return `Content-Type ${type || '(none)'} is not among the documented ${types.join(', ')}`;
    // Streams and compressed bodies are not read back; JSON answers in tests are plain strings.
    if (!documentedType.endsWith('json') || body === null || reply.getHeader('content-encoding')) return null;
    const documented = response.content[documentedType].schema;
    if (!documented) return null;
    const reader = readerOf(documented);
    if (reader instanceof Error) return `its documented schema cannot be read (${reader.message})`;
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch {
      return 'its body is not JSON';
    }
    const checked = reader.safeParse(value);
    return checked.success ? null : checked.error.issues.map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`).join('; ');
  }
}
