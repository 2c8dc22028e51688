import { ANON_UPLOAD_MAX_BYTES, UPLOAD_MAX_BYTES, UPLOAD_MAX_FILES, ZFileResource, ZFileUpdate } from '@patio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors, fileField, uploadBody } from '../../http/schemas';
import { ANON_FILES_PER_UPLOAD, anonKeyOf, makeAnonUploadLimiter } from './files.anon';
import { anonFolder, fileIdOf, personFolder } from './files.folders';
import { filesPolicies as p } from './files.policy';
import { bytesResponses, filesBody, uploadDescription, ZBytesQuery } from './files.routes';
import { changeFile, deleteFile, listFiles, sendFolderFile, uploadFiles } from './files.service';

const keyHeader = 'Header `X-Upload-Key` (16 to 128 visible ASCII characters, the browser\'s random key) is required: 400 `invalid_upload_key`.';

/** A person's uploads (images inside post HTML, image blocks) and the signed-out folder (spec §7). */
export async function uploadsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const countAnonUpload = makeAnonUploadLimiter(app.patio.rateLimits);

  r.route({
    ...routeOf(p.listUploads),
    schema: {
      tags: ['files'],
      summary: "A person's uploads",
      description: 'Newest first, without deleted ones; addresses that never expire. The person only.',
      params: paramsOf(p.listUploads),
      response: { 200: z.array(ZFileResource), ...errors(400, 401, 403) },
    },
    handler: async (request) => listFiles(contextOf(request), personFolder(request.params.id)),
  });

  r.route({
    ...routeOf(p.upload),
    schema: {
      tags: ['files'],
      summary: 'Upload to one\'s own folder',
      description: `${uploadDescription} Answers the new files (the first has \`url\`). The person only.`,
      consumes: ['multipart/form-data'],
      documentedBody: filesBody,
      params: paramsOf(p.upload),
      response: { 201: z.array(ZFileResource), ...errors(400, 401, 403, 413) },
    },
    handler: async (request, reply) => {
      const limits = { maxBytes: UPLOAD_MAX_BYTES, maxFiles: UPLOAD_MAX_FILES };
      return reply.code(201).send(await uploadFiles(contextOf(request), request, personFolder(request.params.id), { limits }));
    },
  });

  r.route({
    ...routeOf(p.readUpload),
    compress: false,
    schema: { tags: ['files'], summary: 'The bytes of an upload', params: paramsOf(p.readUpload), querystring: ZBytesQuery, response: { ...bytesResponses, ...errors(400, 401, 403, 404) } },
    handler: async (request, reply) =>
      sendFolderFile(contextOf(request), request, reply, personFolder(request.params.id), fileIdOf(request.params.fileId), request.query.download === '1'),
  });

  r.route({
    ...routeOf(p.changeUpload),
    schema: {
      tags: ['files'],
      summary: 'Rename or delete an upload',
      description: 'As for a files block: the title trimmed (blank or unchanged ignored), any non-null deleteDate deletes it.',
      params: paramsOf(p.changeUpload),
      body: ZFileUpdate,
      response: { 200: ZFileResource, ...errors(400, 401, 403, 404) },
    },
    handler: async (request) => changeFile(contextOf(request), personFolder(request.params.id), fileIdOf(request.params.fileId), request.body),
  });

  r.route({
    ...routeOf(p.deleteUpload),
    schema: { tags: ['files'], summary: 'Remove an upload', params: paramsOf(p.deleteUpload), response: { 204: z.null().describe('Removed'), ...errors(400, 401, 403, 404) } },
    handler: async (request, reply) => {
      await deleteFile(contextOf(request), personFolder(request.params.id), fileIdOf(request.params.fileId), request.log);
      return reply.code(204).send(null);
    },
  });

  r.route({
    ...routeOf(p.listAnonUploads),
    schema: {
      tags: ['files'],
      summary: 'Signed-out uploads of this browser',
      description: `No token needed. ${keyHeader} Newest first; only the files uploaded with the same key in the last 24 hours.`,
      response: { 200: z.array(ZFileResource), ...errors(400) },
    },
    handler: async (request) => listFiles(contextOf(request), anonFolder, anonKeyOf(request)),
  });

  r.route({
    ...routeOf(p.anonUpload),
    schema: {
      tags: ['files'],
      summary: 'Upload without signing in',
      description:
        `No token needed. ${keyHeader} Field \`file\`, at most ${ANON_FILES_PER_UPLOAD} files of 10 MB each (413); 20 requests an hour ` +
        'per network (429 with Retry-After). The files are removed after 24 hours. Answers the new files (the first has `url`).',
      consumes: ['multipart/form-data'],
      documentedBody: uploadBody({ file: z.array(fileField('A file (≤ 10 MB)')) }),
      response: { 201: z.array(ZFileResource), ...errors(400, 413, 429) },
    },
    handler: async (request, reply) => {
      const anonKey = anonKeyOf(request);
      await countAnonUpload(request.ip);
      const limits = { maxBytes: ANON_UPLOAD_MAX_BYTES, maxFiles: ANON_FILES_PER_UPLOAD };
      return reply.code(201).send(await uploadFiles(contextOf(request), request, anonFolder, { limits, anonKey }));
    },
  });

  r.route({
    ...routeOf(p.readAnonUpload),
    compress: false,
    schema: {
      tags: ['files'],
      summary: 'The bytes of a signed-out upload',
      description: keyHeader,
      params: paramsOf(p.readAnonUpload),
      querystring: ZBytesQuery,
      response: { ...bytesResponses, ...errors(400, 404) },
    },
    handler: async (request, reply) =>
      sendFolderFile(contextOf(request), request, reply, anonFolder, fileIdOf(request.params.fileId), request.query.download === '1', anonKeyOf(request)),
  });

  r.route({
    ...routeOf(p.changeAnonUpload),
    schema: { tags: ['files'], summary: 'Rename or delete a signed-out upload', description: keyHeader, params: paramsOf(p.changeAnonUpload), body: ZFileUpdate, response: { 200: ZFileResource, ...errors(400, 404) } },
    handler: async (request) => changeFile(contextOf(request), anonFolder, fileIdOf(request.params.fileId), request.body, anonKeyOf(request)),
  });

  r.route({
    ...routeOf(p.deleteAnonUpload),
    schema: { tags: ['files'], summary: 'Remove a signed-out upload', description: keyHeader, params: paramsOf(p.deleteAnonUpload), response: { 204: z.null().describe('Removed'), ...errors(400, 404) } },
    handler: async (request, reply) => {
      await deleteFile(contextOf(request), anonFolder, fileIdOf(request.params.fileId), request.log, anonKeyOf(request));
      return reply.code(204).send(null);
    },
  });
}
