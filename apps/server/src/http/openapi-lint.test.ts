import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeOnDatabases } from '../test/harness';
import { registerDocs } from './docs';
import { openApiDocumentOf } from './openapi-document';
import { checkedResponseSerializerCompiler } from './response-serializer';
import { fileAnswer, mime } from './schemas';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

type Operation = {
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; schema: Record<string, unknown> }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { content?: Record<string, unknown> }>;
};
type Paths = Record<string, Record<string, Operation>>;

/** Redocly CLI on the document, with the repository's redocly.yaml, as `npm run lint:openapi` runs it. */
function redoclyLint(document: unknown): { status: number | null; output: string } {
  const dir = mkdtempSync(join(tmpdir(), 'patio-openapi-test-'));
  try {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    const run = spawnSync(
      process.execPath,
      [join(root, 'node_modules/@redocly/cli/bin/cli.js'), 'lint', '--format=stylish', '--config', join(root, 'redocly.yaml'), file],
      { encoding: 'utf8', env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' }, timeout: 60_000 },
    );
    return { status: run.status, output: `${run.stdout}\n${run.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describeOnDatabases('the OpenAPI document against Redocly CLI', (t) => {
  it('item 1: the document passes `redocly lint` (recommended rules)', async () => {
    const lint = redoclyLint(await openApiDocumentOf(t.app));
    expect(lint.output).not.toMatch(/\berror\b/);
    expect(lint.status, lint.output).toBe(0);
  });

  it('item 1: a drifted document fails the same lint', async () => {
    const document = (await openApiDocumentOf(t.app)) as { paths: Paths; servers?: unknown };
    delete document.servers;
    delete document.paths['/api/{org}/people/{id}']!.get!.summary;
    const lint = redoclyLint(document);
    expect(lint.status).not.toBe(0);
    expect(lint.output).toContain('no-empty-servers');
    expect(lint.output).toContain('operation-summary');
  });

  it('item 1: nullable enums list null, files and pages keep their types, uploads their body, public routes need no token, ids are integers', async () => {
    const document = (await openApiDocumentOf(t.app)) as { openapi: string; paths: Paths };
    const { paths } = document;
    expect(document.openapi).toBe('3.1.0');
    const text = JSON.stringify(document);
    expect(text).not.toContain('"nullable"');
    for (const field of ['bloodType', 'enrollmentStatus', 'outcome', 'mine']) {
      const schema = JSON.parse(new RegExp(`"${field}":(\\{[^{}]*\\})`).exec(text)![1]) as { type: string[]; enum: unknown[] };
      expect(schema.type, field).toContain('null');
      expect(schema.enum, field).toContain(null);
    }

    const typesOf = (path: string, method = 'get', status = '200') => Object.keys(paths[path]?.[method]?.responses[status]?.content ?? {});
    expect(typesOf('/api/{org}/calendar/events/{id}/ics')).toEqual(['text/calendar']);
    expect(typesOf('/api/{org}/calendar/subscriptions/{file}')).toEqual(['text/calendar']);
    expect(typesOf('/api/{org}/data/entities/{id}/records.csv')).toEqual(['text/csv']);
    expect(typesOf('/api/{org}/nodes/{id}/members.csv')).toEqual(['text/csv', mime.xlsx]);
    expect(typesOf('/api/{org}/attendance/reports.csv')).toEqual(['text/csv', mime.xlsx]);
    expect(typesOf('/api/{org}/billing/imports/template.xlsx')).toEqual([mime.xlsx]);
    expect(typesOf('/api/{org}/billing/credits/{id}/receipt.pdf')).toEqual(['application/pdf']);
    expect(typesOf('/api/{org}/files/{fileId}/{variant}', 'get', '206')).toEqual(['*/*']);
    expect(typesOf('/proxy')).toContain('image/webp');
    // Errors stay JSON beside a file answer.
    expect(Object.keys(paths['/api/{org}/calendar/events/{id}/ics']!.get!.responses['404']!.content!)).toEqual(['application/json']);
    // A 204 has no body to type.
    expect(paths['/api/{org}/posts/{id}']!.delete!.responses['204']!.content).toBeUndefined();

    for (const [path, method] of [
      ['/api/{org}/nodes/{nodeId}/imports', 'post'],
      ['/api/{org}/billing/imports', 'post'],
      ['/api/{org}/people/{id}/avatar', 'put'],
      ['/api/{org}/people/{id}/uploads', 'post'],
      ['/api/{org}/people/anon/uploads', 'post'],
      ['/api/{org}/posts/{id}/resources/files/{block}', 'post'],
    ] as const) {
      const body = paths[path]![method]!.requestBody!.content['multipart/form-data']!.schema as { properties: Record<string, unknown> };
      expect(JSON.stringify(body.properties), `${method} ${path}`).toContain('"format":"binary"');
    }

    const security = (path: string, method = 'get') => paths[path]![method]!.security;
    for (const [path, method] of [
      ['/api/{org}/vue/settings', 'get'],
      ['/api/{org}/password-resets', 'post'],
      ['/api/{org}/sign-in-links', 'post'],
      ['/api/{org}/settings/appearance/logo/{file}', 'get'],
      ['/api/directory/{code}', 'get'],
      ['/api/health', 'get'],
      ['/proxy', 'get'],
    ] as const) {
      const requirements = security(path, method);
      expect(requirements?.length === 0 || requirements?.some((requirement) => Object.keys(requirement).length === 0), `${method} ${path}`).toBe(true);
    }
    expect(security('/api/{org}/people/{id}')).toBeUndefined();

    const operations = Object.entries(paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method, operation })));
    for (const { path, method, operation } of operations) {
      const name = `${method} ${path}`;
      expect(operation.summary, name).toBeTruthy();
      for (const param of operation.parameters ?? []) {
        // fileId (`12` or a stored file's name) and feedId (`posts`, `node-3`) are names, not numbers.
        if (param.in === 'path' && /^(id|\w+Id)$/.test(param.name) && !['fileId', 'feedId'].includes(param.name)) expect(param.schema.type, `${name} {${param.name}}`).toBe('integer');
        expect(param.schema.pattern, `${name} ${param.name}`).not.toBe('^[1-9][0-9]{0,9}$');
      }
      // Stands in for Redocly's operation-4xx-response, off for health and readiness only (redocly.yaml).
      if (path.startsWith('/api/{org}/') && path !== '/api/{org}/live') expect(Object.keys(operation.responses).some((code) => code.startsWith('4')), name).toBe(true);
    }
    expect(new Set(operations.map(({ operation }) => operation.operationId)).size).toBe(operations.length);
    expect(paths['/api/{org}/people/{id}/threads/{folder}']!.post!.parameters!.find((p) => p.name === 'folder')!.schema.enum).toContain('unread');
  });
});

describe('answers checked against the OpenAPI document', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    app.decorate('patio', { config: { validateResponses: true } } as never);
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(checkedResponseSerializerCompiler);
    await registerDocs(app);
    const r = app.withTypeProvider<ZodTypeProvider>();
    const ZRsvp = z.object({ mine: z.enum(['going', 'not_going']).nullable() });
    r.get('/rsvp', { schema: { summary: 'A nullable enum', response: { 200: ZRsvp } } }, async () => ({ mine: null }));
    // A handler that writes its JSON itself skips the zod serializer: only the document check sees it.
    r.get('/raw', { schema: { summary: 'Raw JSON', response: { 200: ZRsvp } } }, async (_request, reply) =>
      reply.type('application/json').send('{"mine":"maybe"}' as never),
    );
    r.get('/csv-as-json', { schema: { summary: 'CSV documented as JSON', response: { 200: z.string() } } }, async (_request, reply) =>
      reply.type('text/csv').send('a,b\n'),
    );
    r.get('/csv', { schema: { summary: 'CSV documented as CSV', response: { 200: fileAnswer('CSV', mime.csv) } } }, async (_request, reply) =>
      reply.type('text/csv; charset=utf-8').send('a,b\n'),
    );
    r.post('/accepted', { schema: { summary: 'Undocumented status', response: { 200: ZRsvp } } }, async (_request, reply) => reply.code(202 as 200).send({ mine: 'going' }));
    await app.ready();
  });
  afterAll(async () => app?.close());

  it('item 1: a nullable enum answer with null passes its documented schema', async () => {
    const res = await app.inject({ method: 'GET', url: '/rsvp' });
    expect([res.statusCode, res.json()]).toEqual([200, { mine: null }]);
  });

  it('item 1: an answer that drifts from its documented schema, type or status fails as a 500 naming the drift', async () => {
    const stderr = process.stderr.write;
    process.stderr.write = (() => true) as typeof process.stderr.write;
    try {
      const raw = await app.inject({ method: 'GET', url: '/raw' });
      expect([raw.statusCode, raw.json().message]).toEqual([500, expect.stringMatching(/GET \/raw drifts from its OpenAPI document: mine: /)]);
      const csv = await app.inject({ method: 'GET', url: '/csv-as-json' });
      expect([csv.statusCode, csv.json().message]).toEqual([500, expect.stringContaining('Content-Type text/csv is not among the documented application/json')]);
      const accepted = await app.inject({ method: 'POST', url: '/accepted' });
      expect([accepted.statusCode, accepted.json().message]).toEqual([500, expect.stringContaining('status 202 is not documented')]);
    } finally {
      process.stderr.write = stderr;
    }
    const fine = await app.inject({ method: 'GET', url: '/csv' });
    expect([fine.statusCode, fine.body]).toEqual([200, 'a,b\n']);
  });
});
