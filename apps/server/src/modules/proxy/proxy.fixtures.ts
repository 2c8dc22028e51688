import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeLoopbackCertificate } from '../../ops/proxy.fixtures';

// A picture site on https://127.0.0.1 for the image proxy tests: good pictures, a slow one, pages and
// SVGs dressed as pictures, an endless one, and redirects into private networks. Its certificate is
// made by openssl (as the reverse-proxy tests make theirs) and trusted only by the test app's config.

/** A 1×1 PNG. */
export const PNG_BYTES = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
/** The first bytes of a JPEG (what the proxy reads to know one). */
export const JPEG_BYTES = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), Buffer.alloc(64, 1)]);
const SVG = '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
const HUGE_CHUNK = Buffer.alloc(1024 * 1024, 7);

export interface TestCertificate {
  cert: string;
  key: string;
}

/** A self-signed certificate for 127.0.0.1; synchronous, so a suite's config can name it. */
export function makeImageSiteCertificate(): TestCertificate {
  const home = mkdtempSync(join(tmpdir(), 'patio-image-site-'));
  try {
    makeLoopbackCertificate(home);
    return { cert: readFileSync(join(home, 'cert.pem'), 'utf8'), key: readFileSync(join(home, 'key.pem'), 'utf8') };
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

export interface ImageSite {
  /** https://127.0.0.1:{port} */
  base: string;
  /** Requests per path. */
  hits: Map<string, number>;
  /** The headers of the latest request. */
  lastHeaders: IncomingHttpHeaders;
  close(): Promise<void>;
}

function route(path: string, res: ServerResponse, base: string): void {
  const redirects: Record<string, string> = {
    '/to-private': 'https://10.0.0.1/photo.png',
    '/to-metadata': 'https://169.254.169.254/latest/meta-data',
    '/to-http': `${base.replace('https:', 'http:')}/ok.png`,
    '/to-ok': '/ok.png',
  };
  if (redirects[path]) {
    res.writeHead(302, { location: redirects[path] }).end();
    return;
  }
  switch (path) {
    case '/ok.png':
      res.writeHead(200, { 'content-type': 'image/png', 'set-cookie': 'tracker=1', 'content-security-policy': "default-src *" }).end(PNG_BYTES);
      return;
    case '/slow.png':
      // Long enough for parallel readers to arrive while the first fetch is under way.
      setTimeout(() => res.writeHead(200, { 'content-type': 'image/png' }).end(PNG_BYTES), 150);
      return;
    case '/mislabelled.png':
      res.writeHead(200, { 'content-type': 'image/png' }).end(JPEG_BYTES);
      return;
    case '/page.png':
      res.writeHead(200, { 'content-type': 'image/png' }).end('<!doctype html><html><body><script>alert(1)</script></body></html>');
      return;
    case '/octet.png':
      res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(PNG_BYTES);
      return;
    case '/logo.svg':
      res.writeHead(200, { 'content-type': 'image/svg+xml' }).end(SVG);
      return;
    case '/svg.png':
      res.writeHead(200, { 'content-type': 'image/png' }).end(SVG);
      return;
    case '/huge.png':
      // Chunked, no declared length: the reader must stop counting at the cap.
      res.writeHead(200, { 'content-type': 'image/png' });
      void (async () => {
        res.write(PNG_BYTES.subarray(0, 8));
        for (let i = 0; i < 11 && !res.destroyed; i++) if (!res.write(HUGE_CHUNK)) await once(res, 'drain');
        res.end();
      })().catch(() => {});
      return;
    case '/declared-huge.png':
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(11 * 1024 * 1024) }).end();
      return;
    default:
      res.writeHead(404, { 'content-type': 'text/plain' }).end('no such picture');
  }
}

/** Starts the picture site on a free port of 127.0.0.1 with `certificate`. */
export async function startImageSite(certificate: TestCertificate): Promise<ImageSite> {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  const site: ImageSite = {
    base: '',
    hits: new Map(),
    lastHeaders: {},
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server?.close(() => resolve());
      }),
  };
  server = createServer(certificate, (req, res) => {
    const path = new URL(req.url ?? '/', 'https://x').pathname;
    site.hits.set(path, (site.hits.get(path) ?? 0) + 1);
    site.lastHeaders = req.headers;
    route(path, res, site.base);
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  site.base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return site;
}
