import { randomBytes } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { formatBytes } from '@patio/core';
import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from '../../http/errors';
import { invalidCharacters } from '../../http/input-guard';
import type { FileStorage } from '../../platform/storage/storage';
import { SNIFF_BYTES, sniffRaster, storedMimetype, type RasterType } from './files.types';

// A multipart upload streamed part by part into storage (spec §9: up to 512 MB a file): no file is
// ever held whole in memory. Every file of the request is stored before any row is written, and on
// any failure — too large, a client that went away, a broken body, a full disk — every byte this
// request stored is removed again, so an upload that did not finish leaves nothing behind.

export interface ReceivedFile {
  storageKey: string;
  name: string;
  mimetype: string;
  size: number;
  /** The picture format its bytes show, if any. */
  raster: RasterType | null;
}

export interface UploadLimits {
  maxBytes: number;
  maxFiles: number;
}

/** spec §7: a folder upload sends `file`, the camera `cameraFile`. */
const fileFields = new Set(['file', 'cameraFile']);
/** What multipart framing may add per file (boundary, part headers) on top of its bytes. */
const FRAMING_BYTES = 64 * 1024;

export const fileTooLarge = (maxBytes: number) =>
  // The rest of the body is not read: the connection closes with the answer.
  new HttpError(413, 'file_too_large', `A file may have at most ${formatBytes(maxBytes)}`, { connection: 'close' });

/** Stores every file part of the request under new storage keys of the school; throws after removing them all on any failure. */
export async function receiveFiles(request: FastifyRequest, storage: FileStorage, orgId: number, limits: UploadLimits): Promise<ReceivedFile[]> {
  if (!request.isMultipart()) throw new HttpError(415, 'unsupported_media_type', 'Send the files as multipart/form-data (field file or cameraFile)');
  // A body that could not be within the limits is refused before a byte of it is read.
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limits.maxFiles * (limits.maxBytes + FRAMING_BYTES)) throw fileTooLarge(limits.maxBytes);

  const received: ReceivedFile[] = [];
  let current: string | null = null;
  try {
    const parts = request.parts({
      limits: { fileSize: limits.maxBytes, files: limits.maxFiles, fields: 20, fieldSize: 4096, parts: limits.maxFiles + 20, headerPairs: 50 },
    });
    for await (const part of parts) {
      if (part.type !== 'file') continue; // plain fields carry nothing a folder needs
      if (!fileFields.has(part.fieldname)) throw badRequest('unknown_field', `Files go in the field "file" or "cameraFile", not "${part.fieldname.slice(0, 60)}"`);
      const name = cleanName(part.filename);
      current = `files/${orgId}/${randomBytes(16).toString('hex')}`;
      const head = new HeadCapture(SNIFF_BYTES);
      // Busboy only truncates a file at the limit and reads on to its end: stop at once instead.
      part.file.once('limit', () => part.file.destroy(fileTooLarge(limits.maxBytes)));
      // A store that fails before reading (a full disk, S3 down) must stop the part too, or it would wait forever.
      const storing = storage.putStream(current, head).catch((err: unknown) => {
        head.destroy(err as Error);
        throw err;
      });
      const [feeding, stored] = await Promise.allSettled([pipeline(part.file, head), storing]);
      if (stored.status === 'rejected') throw feeding.status === 'rejected' ? feeding.reason : stored.reason;
      if (feeding.status === 'rejected') throw feeding.reason;
      if (part.file.truncated) throw fileTooLarge(limits.maxBytes);
      const raster = sniffRaster(head.head);
      received.push({ storageKey: current, name, mimetype: storedMimetype(part.mimetype, name, raster), size: stored.value.size, raster });
      current = null;
    }
  } catch (err) {
    await Promise.allSettled([current, ...received.map((file) => file.storageKey)].filter((key): key is string => key !== null).map((key) => storage.remove(key)));
    throw uploadError(err, request, limits);
  }
  if (received.length === 0) throw badRequest('missing_file', 'Choose a file to upload (field file or cameraFile)');
  return received;
}

/** The stored name of an upload: its last path segment, control characters made spaces, at most 255 characters. */
function cleanName(filename: string | undefined): string {
  if (filename?.includes('\u0000')) throw invalidCharacters();
  const base = (filename ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are what this pattern finds
  const clean = base.replace(/[\u0001-\u001f\u007f]/g, ' ').trim();
  return [...clean].slice(0, 255).join('') || 'file';
}

/** Why an upload failed, as the client should hear it. */
function uploadError(err: unknown, request: FastifyRequest, limits: UploadLimits): unknown {
  if (err instanceof HttpError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return fileTooLarge(limits.maxBytes);
  if (code === 'FST_FILES_LIMIT') return new HttpError(413, 'too_many_files', `At most ${limits.maxFiles} files at once`, { connection: 'close' });
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return new HttpError(413, 'too_many_parts', 'The upload has too many parts', { connection: 'close' });
  if (code === 'FST_MP_PREMATURE_CLOSE' || request.raw.aborted || request.raw.socket?.destroyed) {
    return badRequest('upload_interrupted', 'The upload was interrupted before it finished; nothing was stored');
  }
  if (code === 'FST_PROTO_VIOLATION' || /multipart|boundary|unexpected end|terminated early/i.test((err as Error).message ?? '')) {
    return badRequest('invalid_multipart', 'The multipart/form-data body is malformed');
  }
  return err;
}

/** Passes bytes through and keeps the first `size` of them (enough to recognise a picture). */
class HeadCapture extends Transform {
  head = Buffer.alloc(0);

  constructor(private readonly size: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    if (this.head.length < this.size) this.head = Buffer.concat([this.head, chunk.subarray(0, this.size - this.head.length)]);
    done(null, chunk);
  }
}
