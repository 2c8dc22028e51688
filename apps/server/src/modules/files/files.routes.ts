import { UPLOAD_MAX_BYTES, UPLOAD_MAX_FILES, ZFileResource, ZFileUpdate } from '@patio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors, fileAnswer, fileField, mime, uploadBody } from '../../http/schemas';
import { blockFolder, fileIdOf } from './files.folders';
import { filesPolicies as p } from './files.policy';
import { changeFile, deleteFile, listFiles, sendFolderFile, uploadFiles } from './files.service';

/** Query of a file's bytes: `download=1` answers it as an attachment. */
export const ZBytesQuery = z.object({ download: z.enum(['0', '1']).optional() });
/** Answers of a route that streams a file's bytes, for the OpenAPI document. */
export const bytesResponses = {
  200: fileAnswer('The bytes, with the Content-Type of the file', mime.any),
  206: fileAnswer('The requested Range of the bytes', mime.any),
};
/** The body of an upload of files, for the OpenAPI document. */
export const filesBody = uploadBody({
  file: z.array(fileField('A file')).optional(),
  cameraFile: z.array(fileField('A picture taken with the camera')).optional(),
});
export const uploadDescription =
  'multipart/form-data with the files in fields `file` (and/or `cameraFile`, the camera), up to 20 per request, ' +
  'each streamed to storage. 413 `file_too_large` for a file over the limit (nothing of the request is kept), ' +
  '400 `upload_interrupted` when the body ends early (the same), 415 for another content type. Pictures get ' +
  'thumbnail (96 px), preview (768 px) and large (1536 px) WebP renditions.';

/** A post's files blocks (spec §7: posts/{postId}/resources/files/block-{n}). */
export async function blockFilesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(p.listBlock),
    schema: {
      tags: ['files'],
      summary: 'List a files block',
      description: 'The files of the block, oldest first, without deleted ones; [] for a block nobody uploaded to. Readers of the post.',
      params: paramsOf(p.listBlock),
      response: { 200: z.array(ZFileResource), ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => listFiles(contextOf(request), blockFolder(request.params.id, request.params.block)),
  });

  r.route({
    ...routeOf(p.uploadToBlock),
    schema: {
      tags: ['files'],
      summary: 'Upload to a files block',
      description: `${uploadDescription} Answers the new files. The post's author, or a school administrator once it is published.`,
      consumes: ['multipart/form-data'],
      documentedBody: filesBody,
      params: paramsOf(p.uploadToBlock),
      response: { 201: z.array(ZFileResource), ...errors(400, 401, 403, 404, 413) },
    },
    handler: async (request, reply) => {
      const folder = blockFolder(request.params.id, request.params.block);
      const files = await uploadFiles(contextOf(request), request, folder, { limits: { maxBytes: UPLOAD_MAX_BYTES, maxFiles: UPLOAD_MAX_FILES } });
      return reply.code(201).send(files);
    },
  });

  r.route({
    ...routeOf(p.readBlockFile),
    compress: false,
    schema: {
      tags: ['files'],
      summary: 'The bytes of a file of a files block',
      description: 'With the bearer token; the same headers as a signed address (nosniff, sandbox CSP, markup only as a download), Range supported.',
      params: paramsOf(p.readBlockFile),
      querystring: ZBytesQuery,
      response: { ...bytesResponses, ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      const folder = blockFolder(request.params.id, request.params.block);
      return sendFolderFile(contextOf(request), request, reply, folder, fileIdOf(request.params.fileId), request.query.download === '1');
    },
  });

  r.route({
    ...routeOf(p.changeBlockFile),
    schema: {
      tags: ['files'],
      summary: 'Rename or delete a file of a files block',
      description: 'A title (trimmed; blank or unchanged is ignored) and/or deleteDate (any non-null value deletes it; spec §4 sends 1). Answers the file.',
      params: paramsOf(p.changeBlockFile),
      body: ZFileUpdate,
      response: { 200: ZFileResource, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) =>
      changeFile(contextOf(request), blockFolder(request.params.id, request.params.block), fileIdOf(request.params.fileId), request.body),
  });

  r.route({
    ...routeOf(p.deleteBlockFile),
    schema: {
      tags: ['files'],
      summary: 'Remove a file of a files block',
      description: 'The file and its bytes, for good (a soft-deleted one too).',
      params: paramsOf(p.deleteBlockFile),
      response: { 204: z.null().describe('Removed'), ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      await deleteFile(contextOf(request), blockFolder(request.params.id, request.params.block), fileIdOf(request.params.fileId), request.log);
      return reply.code(204).send(null);
    },
  });
}
