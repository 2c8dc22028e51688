import type { FileResource, FileUpdate } from '@patio/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RequestContext } from '../../http/context';
import { badRequest, forbidden, notFound } from '../../http/errors';
import { scheduleAnonExpiry } from './files.anon-expiry';
import { anonCutoff } from './files.anon';
import type { Folder } from './files.folders';
import { makeRenditions } from './files.images';
import { deleteFileRow, findFolderFile, findLiveFile, insertFiles, listFolderFiles, updateLiveFile, type FileRow, type NewFileRow } from './files.queries';
import { receiveFiles, type UploadLimits } from './files.receive';
import { removeBytes } from './files.remove';
import { toFileResource } from './files.resource';
import { sendStoredFile } from './files.serve';
import { checkFileSignature, hourlyExpiry, type FileVariant } from './files.signing';

// The rules of folders (contract "Folder routes"). Who may call what is the policies' (files.policy.ts);
// here: which files a folder shows, how an upload becomes rows, renames and deletes, and serving.

/** A files block's addresses expire (they follow the post's readers); uploads' never do (they live inside post HTML). */
const expiresFor = (folder: Folder) => (folder.kind === 'block' ? hourlyExpiry() : 0);

const resourcesOf = (ctx: RequestContext, folder: Folder, rows: FileRow[]): FileResource[] => {
  const expires = expiresFor(folder);
  return rows.map((row) => toFileResource(ctx.services.config, ctx.org, row, expires));
};

const noSuchFile = () => notFound('There is no such file in this folder');

/** GET a folder: a block's files oldest first; uploads newest first (spec §4), a browser's signed-out ones of the last day. */
export async function listFiles(ctx: RequestContext, folder: Folder, anonKey?: string): Promise<FileResource[]> {
  const rows = await listFolderFiles(ctx.db, ctx.org.id, folder.path, {
    newestFirst: folder.kind !== 'block',
    ...(folder.kind === 'anon' ? { anonKey, createdAfter: anonCutoff() } : {}),
  });
  return resourcesOf(ctx, folder, rows);
}

/** The folder's file, or 404 (another folder's, another browser's signed-out file, or an expired one). */
async function findFile(ctx: RequestContext, folder: Folder, fileId: number, anonKey?: string): Promise<FileRow> {
  const row = await findFolderFile(ctx.db, ctx.org.id, folder.path, fileId);
  if (!row) throw noSuchFile();
  if (folder.kind === 'anon' && (row.anon_key !== anonKey || row.created_at <= anonCutoff())) throw noSuchFile();
  return row;
}

/**
 * POST a folder: streams every file of the multipart body to storage, makes the pictures'
 * renditions, then writes all rows in one transaction (with the signed-out expiry job). Answers the
 * new files in upload order. Any failure removes every byte stored for the request.
 */
export async function uploadFiles(
  ctx: RequestContext,
  request: FastifyRequest,
  folder: Folder,
  options: { limits: UploadLimits; anonKey?: string },
): Promise<FileResource[]> {
  const storage = ctx.services.storage;
  const received = await receiveFiles(request, storage, ctx.org.id, options.limits);
  const stored: string[] = received.map((file) => file.storageKey);
  try {
    const createdAt = new Date();
    const rows: NewFileRow[] = [];
    for (const file of received) {
      const renditions = file.raster ? await makeRenditions(storage, file.storageKey, file.size) : null;
      if (renditions) stored.push(renditions.thumbnailKey, renditions.previewKey, renditions.largeKey);
      rows.push({
        folder: folder.path,
        post_id: folder.kind === 'block' ? folder.postId : null,
        owner_id: folder.kind === 'anon' ? null : folder.kind === 'person' ? folder.personId : ctx.caller!.id,
        anon_key: folder.kind === 'anon' ? options.anonKey! : null,
        name: file.name,
        title: file.name,
        mimetype: file.mimetype,
        size: file.size,
        storage_key: file.storageKey,
        thumbnail_key: renditions?.thumbnailKey ?? null,
        preview_key: renditions?.previewKey ?? null,
        large_key: renditions?.largeKey ?? null,
        width: renditions?.width ?? null,
        height: renditions?.height ?? null,
        created_at: createdAt.toISOString(),
      });
    }
    // A client that gave up while the pictures were rendered never sees an answer: store nothing.
    if (request.raw.socket?.destroyed) throw badRequest('upload_interrupted', 'The upload was interrupted before it finished; nothing was stored');
    const inserted = await ctx.db.transaction().execute(async (trx) => {
      const written = await insertFiles(trx, ctx.org.id, rows);
      if (folder.kind === 'anon') await scheduleAnonExpiry(ctx.services.jobs, trx, ctx.org.id, createdAt);
      return written;
    });
    return resourcesOf(ctx, folder, inserted);
  } catch (err) {
    await Promise.allSettled(stored.map((key) => storage.remove(key)));
    // The post was deleted while its files arrived.
    if (isForeignKeyViolation(err)) throw notFound('There is no such post in this school');
    throw err;
  }
}

/** PUT {endpoint}/{path}: a new title (trimmed; blank or unchanged is ignored, spec §5) and/or a soft delete (spec §4). */
export async function changeFile(ctx: RequestContext, folder: Folder, fileId: number, update: FileUpdate, anonKey?: string): Promise<FileResource> {
  const row = await findFile(ctx, folder, fileId, anonKey);
  if (row.deleted_at !== null) throw noSuchFile();
  const change: { title?: string; deleted_at?: string } = {};
  const title = update.title?.trim();
  if (title && title !== row.title) change.title = title;
  if (update.deleteDate !== undefined && update.deleteDate !== null) change.deleted_at = new Date().toISOString();
  if (Object.keys(change).length === 0) return resourcesOf(ctx, folder, [row])[0];
  const changed = await updateLiveFile(ctx.db, ctx.org.id, folder.path, fileId, change);
  if (!changed) throw noSuchFile(); // deleted meanwhile
  return resourcesOf(ctx, folder, [changed])[0];
}

/** DELETE {endpoint}/{path}: the row, then the bytes (a soft-deleted file too: this purges it). */
export async function deleteFile(ctx: RequestContext, folder: Folder, fileId: number, log: { warn(obj: object, msg?: string): void }, anonKey?: string): Promise<void> {
  await findFile(ctx, folder, fileId, anonKey);
  const row = await deleteFileRow(ctx.db, ctx.org.id, folder.path, fileId);
  if (!row) throw noSuchFile();
  await removeBytes(ctx.services.storage, row, log);
}

/** GET {endpoint}/{path} with the bearer token: the original's bytes. */
export async function sendFolderFile(
  ctx: RequestContext,
  request: FastifyRequest,
  reply: FastifyReply,
  folder: Folder,
  fileId: number,
  download: boolean,
  anonKey?: string,
): Promise<FastifyReply> {
  const row = await findFile(ctx, folder, fileId, anonKey);
  if (row.deleted_at !== null) throw noSuchFile();
  return sendStoredFile(request, reply, ctx.services.storage, row, 'original', { download, cacheControl: 'private, no-store' });
}

/** GET files/{fileId}/{variant}: checks the signature (403 bad_signature / expired), then serves like the folder would. */
export async function sendSignedFile(
  ctx: RequestContext,
  request: FastifyRequest,
  reply: FastifyReply,
  fileId: number,
  variant: FileVariant,
  query: { expires?: number; sig?: string; download?: string },
): Promise<FastifyReply> {
  const verdict = checkFileSignature(ctx.services.config, ctx.org.id, fileId, variant, query);
  if (verdict === 'bad_signature') throw forbidden('bad_signature', 'This file address is not valid');
  if (verdict === 'expired') throw forbidden('expired', 'This file address has expired: open the file again from its page');
  const row = await findLiveFile(ctx.db, ctx.org.id, fileId);
  if (!row || (row.anon_key !== null && row.created_at <= anonCutoff())) throw notFound('There is no such file');
  return sendStoredFile(request, reply, ctx.services.storage, row, variant, { download: query.download === '1', cacheControl: 'private, max-age=3600', crossOrigin: true });
}

function isForeignKeyViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
}

