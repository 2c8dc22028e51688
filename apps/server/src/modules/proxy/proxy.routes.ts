import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../http/errors';
import { errors, fileAnswer } from '../../http/schemas';
import { ImageCache } from './proxy.cache';
import { fetchImage, PROXY_MAX_BYTES, proxyPolicyOf } from './proxy.fetch';
import { hasProxySignature, PROXY_MAX_URL_LENGTH, PROXY_PATH } from './proxy.signing';

// GET /proxy/?url=…&sig=… (spec: "An image tool proxy lives at /proxy/"; decision 028). Outside /api:
// an <img> sends no token, and the signature is the permission. The answer's headers never depend on
// the other site's: the type is the one its bytes show, and the picture can never run as a document.

/** Browsers keep a picture a day: its address changes only with the picture's address or the key. */
const BROWSER_MAX_AGE_SECONDS = 24 * 3600;

const ZProxyQuery = z.object({
  url: z.string().min(1).max(PROXY_MAX_URL_LENGTH).describe('The picture address, exactly as the server signed it'),
  sig: z.string().max(128).optional().describe('The server\'s signature of `url`, as it wrote it into the page'),
});

/** The route of the image proxy, with one cache per server. */
export async function proxyRoutes(app: FastifyInstance): Promise<void> {
  const { config } = app.patio;
  const cache = new ImageCache();
  const policy = proxyPolicyOf(config.imageProxyLoopback);
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: PROXY_PATH,
    schema: {
      tags: ['files'],
      summary: 'A picture from another site, through the server',
      description:
        'Posts and image blocks show pictures of other sites through this address, which the server writes into what it answers ' +
        '(`description` img sources, a block\'s `proxiedUrl`), so the reader\'s browser never contacts the other site. ' +
        'No token; a missing or wrong `sig` is 403 `bad_signature`. The picture is fetched over https from public addresses only ' +
        `(403 \`address_refused\`, also after a redirect), at most ${PROXY_MAX_BYTES / 1024 / 1024} MiB (413 \`image_too_large\`), ` +
        'and must be PNG, JPEG, GIF, WebP or AVIF by its bytes and an image by its type (415 `not_an_image`; SVG 415 `svg_refused`). ' +
        'The other site failing or not answering in time is 502 `upstream_error`/`upstream_unreachable` or 504 `upstream_timeout`. ' +
        'The answer carries the type its bytes show, `X-Content-Type-Options: nosniff` and a sandboxing Content-Security-Policy. ' +
        'Pictures are kept in memory for an hour (browsers a day), and parallel requests for one picture fetch it once.',
      querystring: ZProxyQuery,
      security: [],
      response: { 200: fileAnswer('The picture', 'image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif'), ...errors(400, 403, 413, 415, 502, 504) },
    },
    handler: async (request, reply) => {
      const { url, sig } = request.query;
      if (!hasProxySignature(config, url, sig)) throw new HttpError(403, 'bad_signature', 'This picture address is not signed by this server');
      const result = await cache.get(url, () => fetchImage(url, policy));
      if (!result.ok) throw new HttpError(result.status, result.code, result.message, { 'cache-control': 'no-store' });
      return reply
        .header('content-type', result.type)
        .header('content-length', String(result.bytes.length))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', `public, max-age=${BROWSER_MAX_AGE_SECONDS}`)
        .header('content-disposition', 'inline')
        .send(result.bytes);
    },
  });
}
