import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, badRequest } from '../../http/errors';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors } from '../../http/schemas';
import { maxAvatarBytes, readAvatar, removeAvatar, setAvatar } from './avatar.service';
import { peoplePolicies } from './people.policy';

/** Avatar upload (multipart, parsed by @fastify/multipart registered in app.ts; one image ≤ 5 MB) and the files. */
export async function avatarRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(peoplePolicies.setAvatar),
    schema: {
      tags: ['people'],
      summary: 'Upload an avatar',
      description:
        'multipart/form-data with one file (any field name): a PNG, JPEG or WebP image of at most 5 MB, ' +
        'recognised by its bytes (415 otherwise, 413 when too large). Answers the new avatar URL.',
      consumes: ['multipart/form-data'],
      params: paramsOf(peoplePolicies.setAvatar),
      response: { 200: z.object({ avatar: z.string() }), ...errors(400, 401, 403, 404, 413, 415) },
    },
    handler: async (request) => {
      if (!request.isMultipart()) throw new HttpError(415, 'unsupported_media_type', 'Send the image as multipart/form-data');
      const file = await request.file({ limits: { fileSize: maxAvatarBytes, files: 1, fields: 5, parts: 6 } });
      if (!file) throw badRequest('missing_file', 'Choose an image to upload');
      let data: Buffer;
      try {
        data = await file.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new HttpError(413, 'payload_too_large', 'The avatar can be at most 5 MB');
        }
        throw err;
      }
      return setAvatar(contextOf(request), request.params.id, data);
    },
  });

  r.route({
    ...routeOf(peoplePolicies.removeAvatar),
    schema: {
      tags: ['people'],
      summary: 'Remove an avatar',
      description: 'Back to the initials placeholder.',
      params: paramsOf(peoplePolicies.removeAvatar),
      response: { 204: z.null().describe('Removed'), ...errors(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      await removeAvatar(contextOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  r.route({
    ...routeOf(peoplePolicies.readAvatarFile),
    schema: {
      tags: ['people'],
      summary: 'An avatar image',
      description: 'Only PNG, JPEG or WebP bytes are ever served (never SVG or HTML), inline and with nosniff.',
      params: paramsOf(peoplePolicies.readAvatarFile),
      response: { 200: z.any().describe('The image bytes'), ...errors(400, 404) },
    },
    handler: async (request, reply) => {
      const { data, contentType } = await readAvatar(contextOf(request), request.params.file);
      return reply
        .header('content-type', contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, max-age=86400')
        .send(data);
    },
  });
}
