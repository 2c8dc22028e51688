import { randomBytes } from 'node:crypto';
import type { AppServices, RequestContext } from '../../http/context';
import { HttpError, notFound } from '../../http/errors';
import { ImageRefused, MAX_INPUT_PIXELS, reencodeImage } from '../../platform/images/reencode-image';
import { findAvatar, swapAvatar } from './avatar.queries';
import { avatarSignatureQuery, isAvatarSignatureValid } from './avatar.signing';

/** Avatars up to 5 MB. */
export const maxAvatarBytes = 5 * 1024 * 1024;
/** Stored avatars fit in 512 × 512; thumbnails (lists, cards) are 96 × 96. */
export const avatarSizes = { maxSide: 512, thumbSide: 96 };

export type ImageKind = 'png' | 'jpg' | 'webp';
export const avatarContentTypes: Record<ImageKind, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };

/** The image kind from the file's first bytes (never from its name or declared type), or null. */
export function sniffImage(data: Buffer): ImageKind | null {
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpg';
  if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/**
 * "<personId>-<random>.<ext>": the name under files/avatars/ (avatars stored before re-encoding may
 * be .png or .jpg). Its thumbnail is "<personId>-<random>.thumb.webp" beside it.
 */
export const avatarFilePattern = /^\d+-[a-f0-9]{32}\.(png|jpg|webp)$/;

const storageKey = (orgId: number, file: string) => `avatars/${orgId}/${file}`;
const thumbnailOf = (file: string) => file.replace(/\.[a-z]+$/, '.thumb.webp');
const avatarPath = (orgCode: string, file: string) => `/api/${orgCode}/files/avatars/${file}`;

/** The file name of an avatar this server stored for the school, if `url` (as stored) is one. */
function ownAvatarFile(orgCode: string, url: string | null): string | null {
  const prefix = `/api/${orgCode}/files/avatars/`;
  if (!url?.startsWith(prefix)) return null;
  const file = url.slice(prefix.length);
  return avatarFilePattern.test(file) ? file : null;
}

/**
 * The avatar URL as it leaves the server: a picture stored here gets a signature (only whoever the
 * API showed it to can load it); anything else (none, or a picture hosted elsewhere) as stored.
 */
export function signedAvatarUrl(ctx: { org: { id: number; code: string }; services: Pick<AppServices, 'config'> }, stored: string | null): string | null {
  const file = ownAvatarFile(ctx.org.code, stored);
  if (!file) return stored;
  return `${stored}?${avatarSignatureQuery(ctx.services.config, ctx.org.id, file)}`;
}

async function encodeAvatar(data: Buffer) {
  if (!sniffImage(data)) throw new HttpError(415, 'unsupported_image', 'The avatar must be a PNG, JPEG or WebP image');
  try {
    return await reencodeImage(data, avatarSizes);
  } catch (err) {
    if (err instanceof ImageRefused && err.reason === 'too_many_pixels') {
      throw new HttpError(413, 'image_too_large', `The avatar may have at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels`);
    }
    throw new HttpError(415, 'unsupported_image', 'The avatar could not be read as a PNG, JPEG or WebP image');
  }
}

// Concurrent uploads for one person retry the compare-and-set this many times before giving up.
const SWAP_ATTEMPTS = 8;

/**
 * PUT people/{id}/avatar: re-encodes the picture (no metadata, at most 512 px, plus a thumbnail),
 * stores it and points the person's avatar at it. The column is swapped only from the value read
 * (issue 6 item 16): whoever replaces a value deletes its files, and an upload that never lands
 * deletes its own, so only referenced files stay on disk.
 */
export async function setAvatar(ctx: RequestContext, personId: number, data: Buffer): Promise<{ avatar: string }> {
  if ((await findAvatar(ctx.db, ctx.org.id, personId)) === undefined) throw notFound('There is no such person in this school');
  const encoded = await encodeAvatar(data);
  const file = `${personId}-${randomBytes(16).toString('hex')}.${encoded.extension}`;
  const avatar = avatarPath(ctx.org.code, file);
  try {
    await ctx.services.storage.put(storageKey(ctx.org.id, thumbnailOf(file)), encoded.thumbnail);
    await ctx.services.storage.put(storageKey(ctx.org.id, file), encoded.image);
  } catch (err) {
    await removeOwnFiles(ctx, avatar);
    throw err;
  }
  for (let attempt = 0; attempt < SWAP_ATTEMPTS; attempt++) {
    const current = await findAvatar(ctx.db, ctx.org.id, personId);
    if (current === undefined) break; // the person was deleted meanwhile
    if (await swapAvatar(ctx.db, ctx.org.id, personId, current, avatar)) {
      await removeOwnFiles(ctx, current);
      return { avatar: signedAvatarUrl(ctx, avatar)! };
    }
  }
  await removeOwnFiles(ctx, avatar);
  throw new HttpError(409, 'avatar_changed', 'The avatar was being changed at the same time: try again');
}

/** DELETE people/{id}/avatar: back to the placeholder (initials); the stored files go too. */
export async function removeAvatar(ctx: RequestContext, personId: number): Promise<void> {
  for (let attempt = 0; attempt < SWAP_ATTEMPTS; attempt++) {
    const current = await findAvatar(ctx.db, ctx.org.id, personId);
    if (current === undefined) throw notFound('There is no such person in this school');
    if (await swapAvatar(ctx.db, ctx.org.id, personId, current, null)) {
      await removeOwnFiles(ctx, current);
      return;
    }
  }
  throw new HttpError(409, 'avatar_changed', 'The avatar was being changed at the same time: try again');
}

async function removeOwnFiles(ctx: RequestContext, url: string | null): Promise<void> {
  const file = ownAvatarFile(ctx.org.code, url);
  if (!file) return;
  await ctx.services.storage.remove(storageKey(ctx.org.id, file));
  await ctx.services.storage.remove(storageKey(ctx.org.id, thumbnailOf(file)));
}

/**
 * GET files/avatars/{file}: the bytes and content type when the URL's signature is valid (404
 * otherwise, so nothing tells a stored file from a missing one). `thumb` serves the 96 px
 * thumbnail, or the picture itself for avatars stored before thumbnails existed.
 */
export async function readAvatar(
  ctx: RequestContext,
  file: string,
  query: { expires?: number; signature?: string; size?: 'full' | 'thumb' },
): Promise<{ data: Buffer; contentType: string; expires: number }> {
  const gone = () => notFound('There is no such avatar');
  if (!avatarFilePattern.test(file) || !isAvatarSignatureValid(ctx.services.config, ctx.org.id, file, query)) throw gone();
  const storage = ctx.services.storage;
  const thumbnail = query.size === 'thumb' ? await storage.read(storageKey(ctx.org.id, thumbnailOf(file))) : null;
  const data = thumbnail ?? (await storage.read(storageKey(ctx.org.id, file)));
  if (!data) throw gone();
  const kind = sniffImage(data);
  if (!kind) throw gone(); // never serve anything but an image
  return { data, contentType: avatarContentTypes[kind], expires: query.expires! };
}
