import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { attachment, inline } from '../../http/download';
import { HttpError, notFound } from '../../http/errors';
import type { ByteRange, FileStorage } from '../../platform/storage/storage';
import type { FileRow } from './files.queries';
import type { FileVariant } from './files.signing';
import { servingOf } from './files.types';

// Answering a stored file's bytes (contract "Signed file addresses"): whatever was uploaded, it never
// runs on our origin. The CSP sandboxes a document opened directly, nosniff stops the browser from
// guessing a type we did not name, and markup or script types are only ever downloads.

const sandbox = "sandbox; default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'";

const gone = () => notFound('There is no such file');

/** The storage key, type and download name of one variant of a file; 404 for a rendition a file does not have. */
function variantOf(row: FileRow, variant: FileVariant): { key: string; mimetype: string; name: string } {
  if (variant === 'original') return { key: row.storage_key, mimetype: row.mimetype, name: row.name };
  const key = { preview: row.preview_key, thumbnail: row.thumbnail_key, large: row.large_key }[variant];
  if (!key) throw gone();
  return { key, mimetype: 'image/webp', name: `${row.name.replace(/\.[^.]{1,8}$/, '')}-${variant}.webp` };
}

/**
 * `bytes=a-b`, `bytes=a-` or `bytes=-n` within `size`; null (the whole file) for anything else,
 * including several ranges; 'unsatisfiable' when it starts past the end.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  const match = header?.trim().match(/^bytes=([0-9]{0,15})-([0-9]{0,15})$/);
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    return suffix === 0 || size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  if (match[2] !== '' && Number(match[2]) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1) };
}

export interface ServeOptions {
  download: boolean;
  cacheControl: string;
  /**
   * A signed address is its own permission: other origins may embed it (the mobile app's web view
   * runs on its own origin). Bearer answers stay same-origin.
   */
  crossOrigin?: boolean;
}

/** Streams one variant of a file with the contract's headers, honouring a single Range. */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: FileStorage,
  row: FileRow,
  variant: FileVariant,
  options: ServeOptions,
): Promise<FastifyReply> {
  const { key, mimetype, name } = variantOf(row, variant);
  const size = variant === 'original' ? Number(row.size) : (await storage.stat(key))?.size;
  if (size === undefined) throw gone();
  const range = parseRange(request.headers.range, size);
  if (range === 'unsatisfiable') {
    throw new HttpError(416, 'range_not_satisfiable', `The file has ${size} bytes`, { 'content-range': `bytes */${size}` });
  }
  // Opened before any header is set, so missing bytes answer a plain 404.
  const stream = request.method === 'HEAD' ? null : await storage.readStream(key, range ?? undefined);
  if (request.method !== 'HEAD' && !stream) throw gone();
  const serving = servingOf(mimetype, options.download);
  reply
    .header('content-type', serving.contentType)
    .header('content-disposition', (serving.inline ? inline : attachment)(name, `file-${row.id}`))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', sandbox)
    .header('cache-control', options.cacheControl)
    .header('accept-ranges', 'bytes')
    .header('content-length', String(range ? range.end - range.start + 1 : size));
  if (options.crossOrigin) reply.header('cross-origin-resource-policy', 'cross-origin');
  if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`);
  // HEAD: an empty stream keeps the Content-Length set above (an empty payload would make it 0) and reads nothing.
  return reply.send(stream ?? Readable.from([]));
}
