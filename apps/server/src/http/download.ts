import type { FastifyReply } from 'fastify';

// A file answered for download (CSV exports, import templates and bad rows): one set of headers, so
// no download is cached by a shared cache or sniffed into something the browser would run.

/** `attachment` with an ASCII fallback name (or `fallback` when nothing ASCII is left) and the exact UTF-8 one (RFC 6266). */
export function attachment(fileName: string, fallback: string): string {
  const ascii = fileName.normalize('NFKD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '') || fallback;
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** `inline` with the same file names, for a file the browser may show in place (a picture, a PDF). */
export function inline(fileName: string, fallback: string): string {
  return attachment(fileName, fallback).replace(/^attachment/, 'inline');
}

export interface Download {
  fileName: string;
  /** Used in the header when the file name has no ASCII letters left. */
  fallbackName: string;
  contentType: string;
  body: string | Buffer;
}

export function sendDownload(reply: FastifyReply, file: Download): FastifyReply {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', attachment(file.fileName, file.fallbackName))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.body);
}
