import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** True when a built SPA is present (index.html in WEB_ROOT). */
export function hasWebApp(webRoot: string | undefined): webRoot is string {
  return !!webRoot && existsSync(join(webRoot, 'index.html'));
}

const hashedAsset = /-[A-Za-z0-9_-]{8,}\.(js|css|woff2?|png|svg|jpg|webp)$/;

/**
 * Serves the built SPA: hashed assets cached for a year, index.html never cached, and every other
 * non-/api GET path answered with index.html so client routes survive a reload. The build writes a
 * brotli (.br) and a gzip (.gz) copy beside every compressible file (apps/web/scripts/precompress.mjs):
 * the one the browser accepts is sent as it is, with the original file's type and Vary: accept-encoding.
 */
export async function registerWebApp(app: FastifyInstance, webRoot: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: webRoot,
    prefix: '/',
    cacheControl: false,
    preCompressed: true,
    setHeaders: (res: unknown, path: string) => {
      const reply = res as { setHeader?: (k: string, v: string) => void; header?: (k: string, v: string) => void };
      const set = (k: string, v: string) => (reply.setHeader ? reply.setHeader(k, v) : reply.header?.(k, v));
      // `path` is the file sent: a compressed copy ends in .br or .gz.
      const original = path.replace(/\.(br|gz)$/, '');
      if (/[\\/]assets[\\/]/.test(original) || hashedAsset.test(original)) {
        set('cache-control', 'public, max-age=31536000, immutable');
      } else {
        set('cache-control', 'no-cache');
      }
    },
  });
}

export function sendIndexHtml(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
}
