import { ZImport, ZImportCommitRequest, ZImportMappingRequest } from '@patio/core';
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
    return { fileName: part.filename || 'import.csv', bytes: await part.toBuffer() };
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
        'every row error. Nothing is written to people until commit. The node must be a class or grade.',
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
        'Refused with 409 while any row has errors. Students are matched by document within the school ' +
        '(re-importing updates them, never duplicates), relatives likewise; relationships are stored in ' +
        'both directions and the students become members of the node (enrollment active, or pending).',
      params: paramsOf(importPolicies.commitImport),
      body: ZImportCommitRequest.nullish(),
      response: { 200: ZImport, ...errors(400, 401, 403, 404, 409) },
    },
    handler: async (request) =>
      commitImport(contextOf(request), request.params.nodeId, request.params.id, request.body ?? { enrollmentStatus: 'active' }),
  });
}
