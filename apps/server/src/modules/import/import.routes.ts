import { hasForbiddenNameCharacters, ZImport, ZImportCommitRequest, ZImportMappingRequest } from '@patio/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { badRequest, HttpError } from '../../http/errors';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors } from '../../http/schemas';
import { importPolicies } from './import.policy';
import { findNodeWithType } from './import.queries';
import { commitImport, createImport, getImport, remapImport } from './import.service';

export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

/** Class-like nodes (classes and grades) take students; other nodes answer 400. */
export function isClassLikeType(typeKey: string): boolean {
  return /^(class|grade|course)/.test(typeKey);
}

async function readUpload(request: FastifyRequest): Promise<{ fileName: string; bytes: Buffer }> {
  if (!request.isMultipart()) throw badRequest('file_required', 'Send the file as multipart/form-data (field "file")');
  const part = await request.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } });
  if (!part) throw badRequest('file_required', 'Send the file as multipart/form-data (field "file")');
  try {
    // The name is shown and stored: no control or invisible characters (PostgreSQL refuses NUL in text).
    const fileName = [...(part.filename ?? '')].filter((ch) => !hasForbiddenNameCharacters(ch)).join('').trim();
    return { fileName: fileName || 'import.csv', bytes: await part.toBuffer() };
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpError(413, 'payload_too_large', 'The file is larger than 10 MB');
    }
    throw err;
  }
}

export async function importRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['import'];

  r.route({
    ...routeOf(importPolicies.createImport),
    schema: {
      tags,
      summary: 'Upload a CSV or XLSX of students and their relatives (school administrators)',
      description:
        'multipart/form-data with one file (≤ 10 MB). CSV in UTF-8 (with or without BOM) or Latin-1, ' +
        'separated by , or ;. Answers a draft: the columns, a guessed mapping, the first 50 rows and ' +
        'every row error (a document that belongs to a pending or rejected self-registration is one). ' +
        'Nothing is written to people until commit. The node must be a class or grade. The file is read ' +
        'apart from the server (a worker thread with its own memory and 30 s): at most 20,000 rows, 100 ' +
        'columns and 1,000,000 cells, an XLSX at most 500 parts unpacking to 48 MB each and 64 MB in all, ' +
        'compressed at most 100:1 — 413 `file_too_large`, `too_many_rows`, `too_many_columns`, ' +
        '`too_many_cells` or `file_too_complex` (memory or time ran out) otherwise; 400 `invalid_file` ' +
        'for an unreadable file.',
      consumes: ['multipart/form-data'],
      params: paramsOf(importPolicies.createImport),
      response: { 201: ZImport, ...errors(400, 401, 403, 404, 413) },
    },
    handler: async (request, reply) => {
      const ctx = contextOf(request);
      const node = await findNodeWithType(ctx.db, ctx.org.id, request.params.nodeId);
      if (node && !isClassLikeType(node.typeKey)) throw badRequest('not_a_class', 'Students are imported into a class or grade');
      const upload = await readUpload(request);
      reply.code(201);
      return createImport(ctx, request.params.nodeId, upload);
    },
  });

  r.route({
    ...routeOf(importPolicies.readImport),
    schema: {
      tags,
      summary: 'An import: preview and errors (draft), progress (committing) or the result report (done)',
      params: paramsOf(importPolicies.readImport),
      response: { 200: ZImport, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => getImport(contextOf(request), request.params.nodeId, request.params.id),
  });

  r.route({
    ...routeOf(importPolicies.remapImport),
    schema: {
      tags,
      summary: 'Change the column mapping of a draft import; every row is validated again',
      params: paramsOf(importPolicies.remapImport),
      body: ZImportMappingRequest,
      response: { 200: ZImport, ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request) => remapImport(contextOf(request), request.params.nodeId, request.params.id, request.body.mapping),
  });

  r.route({
    ...routeOf(importPolicies.commitImport),
    schema: {
      tags,
      summary: 'Commit a draft import in one transaction',
      description:
        'Refused with 409 while any row has errors. Students are matched by normalised document within ' +
        'the school (re-importing updates them, never duplicates; people whose self-registration is pending ' +
        'or rejected are never matched), relatives likewise; relationships are stored in both directions ' +
        'and the students become members of the node (enrollment active, or pending). 409 `import_busy` ' +
        'while another process commits it (a commit whose process died can be retried at once), 409 ' +
        '`document_taken` when a concurrent change added one of its people twice over.',
      params: paramsOf(importPolicies.commitImport),
      body: ZImportCommitRequest.nullish(),
      response: { 200: ZImport, ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request) =>
      commitImport(contextOf(request), request.params.nodeId, request.params.id, request.body ?? { enrollmentStatus: 'active' }),
  });
}
