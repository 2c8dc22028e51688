import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZAvatarUpload } from '@patio/core';
import { z } from 'zod';
import { HttpError, badRequest } from '../../http/errors';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors, fileAnswer, fileField, mime, uploadBody } from '../../http/schemas';
import { maxAvatarBytes, readAvatar, removeAvatar, setAvatar } from './avatar.service';
import { peoplePolicies } from './people.policy';

/** Avatar upload (multipart, parsed by @fastify/multipart registered in app.ts; one image ≤ 5 MB) and the signed files. */
export async function avatarRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(peoplePolicies.setAvatar),
    schema: {
      tags: ['people'],
      summary: 'Upload an avatar',
      description:
        'multipart/form-data with one file (any field name): a PNG, JPEG or WebP image of at most 5 MB and ' +
        '40 megapixels, recognised by its bytes (415 otherwise, 413 when too large). The picture is re-encoded ' +
        '(turned upright, every metadata such as EXIF and GPS removed, at most 512 × 512, WebP) with a 96 × 96 ' +
        'thumbnail; the previous picture is deleted. 409 `avatar_changed` when concurrent uploads kept ' +
        'replacing it. Answers the new avatar URL (signed, see GET files/avatars/{file}).',
      consumes: ['multipart/form-data'],
      documentedBody: uploadBody({ file: fileField('A PNG, JPEG or WebP image (≤ 5 MB); any field name') }),
      params: paramsOf(peoplePolicies.setAvatar),
      response: { 200: ZAvatarUpload, ...errors(400, 401, 403, 404, 409, 413, 415) },
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
      response: { 204: z.null().describe('Removed'), ...errors(400, 401, 403, 404, 409) },
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
      description:
        'Only through the signed URL the API gives out in person cards and profiles (`expires` and ' +
        '`signature`, valid until the end of the next UTC day); without a valid signature 404. ' +
        '`size=thumb` serves the 96 × 96 thumbnail. Only re-encoded WebP (or older PNG/JPEG) bytes are ' +
        'ever served (never SVG or HTML), inline, with nosniff and a sandboxing CSP.',
      params: paramsOf(peoplePolicies.readAvatarFile),
      querystring: z.object({
        expires: z.coerce.number().int().positive().optional(),
        signature: z.string().max(100).optional(),
        size: z.enum(['full', 'thumb']).optional(),
      }),
      response: { 200: fileAnswer('The image bytes', mime.anyImage), ...errors(400, 404) },
    },
    handler: async (request, reply) => {
      const { data, contentType, expires } = await readAvatar(contextOf(request), request.params.file, request.query);
      const maxAge = Math.max(0, Math.min(86_400, expires - Math.floor(Date.now() / 1000)));
      return reply
        .header('content-type', contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', `private, max-age=${maxAge}`)
        .send(data);
    },
  });
}
