import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf, paramsOf, routeOf } from '../../http/school-scope';
import { errors } from '../../http/schemas';
import { filesPolicies as p } from './files.policy';
import { bytesResponses } from './files.routes';
import { sendSignedFile } from './files.service';

/** A well-formed `expires`; anything else reads as a bad signature rather than a 400 that tells which part is wrong. */
const expiresPattern = /^(0|[1-9][0-9]{0,11})$/;

/** GET files/{fileId}/{variant}: the signed addresses of FileResource (no token: <img>, downloads, the gallery). */
export async function signedFileRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...routeOf(p.readSigned),
    compress: false,
    schema: {
      tags: ['files'],
      summary: 'A file through its signed address',
      description:
        'Only as given out in a FileResource: `expires` (unix seconds, 0 never) and `sig`; 403 `bad_signature` or `expired` ' +
        'otherwise, 404 for a deleted file. `download=1` answers an attachment. Pictures, video, sound and PDF are inline; ' +
        'HTML, SVG, XML and scripts only ever download as application/octet-stream. nosniff and a sandbox CSP always; Range supported.',
      params: paramsOf(p.readSigned),
      querystring: z.object({ expires: z.string().max(20).optional(), sig: z.string().max(100).optional(), download: z.string().max(5).optional() }),
      response: { ...bytesResponses, ...errors(400, 403, 404) },
    },
    handler: async (request, reply) => {
      const { expires, sig, download } = request.query;
      const query = { expires: expires !== undefined && expiresPattern.test(expires) ? Number(expires) : undefined, sig, download };
      return sendSignedFile(contextOf(request), request, reply, request.params.fileId, request.params.variant, query);
    },
  });
}
