import { constants } from 'node:zlib';
import compress, { type FastifyCompressOptions } from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * API answers are made per request, so they are compressed fast rather than small: brotli at
 * quality 4 compresses about as fast as gzip at 6 and smaller. Images, archives and other formats
 * that are compressed already are left alone (mime-db), and so are partial answers.
 */
const apiCompression: FastifyCompressOptions = {
  threshold: COMPRESSION_THRESHOLD,
  encodings: ['br', 'gzip'],
  brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  zlibOptions: { level: 6 },
};

/**
 * Compresses the answers of /api routes registered after this call (br or gzip, as the client
 * accepts, with Vary: accept-encoding). The web app's files are compressed at build time instead
 * and served as they are (web.ts). Request bodies are never decompressed: clients send them plain.
 */
export async function registerApiCompression(app: FastifyInstance): Promise<void> {
  // Runs before the plugin's own onRoute hook, so the plugin sees which routes take part.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api') && route.compress === undefined) route.compress = apiCompression;
  });
  await app.register(compress, { ...apiCompression, global: false, globalDecompression: false });
}
