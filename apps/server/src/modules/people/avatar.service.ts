import { randomBytes } from 'node:crypto';
import type { RequestContext } from '../../http/context';
import { HttpError, notFound } from '../../http/errors';
import { findPerson, updatePersonRow } from './people.queries';

/** Avatars up to 5 MB. */
export const maxAvatarBytes = 5 * 1024 * 1024;

export type ImageKind = 'png' | 'jpg' | 'webp';
export const avatarContentTypes: Record<ImageKind, string> = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' };

/** The image kind from the file's first bytes (never from its name or declared type), or null. */
export function sniffImage(data: Buffer): ImageKind | null {
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpg';
  if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/** "<personId>-<random>.<ext>": the name under files/avatars/ (unguessable: the URL is the capability). */
export const avatarFilePattern = /^\d+-[a-f0-9]{32}\.(png|jpg|webp)$/;

const storageKey = (orgId: number, file: string) => `avatars/${orgId}/${file}`;
const avatarUrl = (orgCode: string, file: string) => `/api/${orgCode}/files/avatars/${file}`;

/** The file name of an avatar this server stored for the school, if `url` is one. */
function ownAvatarFile(orgCode: string, url: string | null): string | null {
  const prefix = `/api/${orgCode}/files/avatars/`;
  if (!url?.startsWith(prefix)) return null;
  const file = url.slice(prefix.length);
  return avatarFilePattern.test(file) ? file : null;
}

/** PUT people/{id}/avatar: stores a PNG, JPEG or WebP image and points the person's avatar at it. */
export async function setAvatar(ctx: RequestContext, personId: number, data: Buffer): Promise<{ avatar: string }> {
  const person = await findPerson(ctx.db, ctx.org.id, personId);
  if (!person) throw notFound('There is no such person in this school');
  const kind = sniffImage(data);
  if (!kind) throw new HttpError(415, 'unsupported_image', 'The avatar must be a PNG, JPEG or WebP image');
  const file = `${personId}-${randomBytes(16).toString('hex')}.${kind}`;
  await ctx.services.storage.put(storageKey(ctx.org.id, file), data);
  const avatar = avatarUrl(ctx.org.code, file);
  await updatePersonRow(ctx.db, ctx.org.id, personId, { avatar });
  await removeOwnFile(ctx, person.avatar);
  return { avatar };
}

/** DELETE people/{id}/avatar: back to the placeholder (initials); the stored file goes too. */
export async function removeAvatar(ctx: RequestContext, personId: number): Promise<void> {
  const person = await findPerson(ctx.db, ctx.org.id, personId);
  if (!person) throw notFound('There is no such person in this school');
  await updatePersonRow(ctx.db, ctx.org.id, personId, { avatar: null });
  await removeOwnFile(ctx, person.avatar);
}

async function removeOwnFile(ctx: RequestContext, url: string | null): Promise<void> {
  const file = ownAvatarFile(ctx.org.code, url);
  if (file) await ctx.services.storage.remove(storageKey(ctx.org.id, file));
}

/** GET files/avatars/{file}: the bytes and content type, or 404. */
export async function readAvatar(ctx: RequestContext, file: string): Promise<{ data: Buffer; contentType: string }> {
  const data = avatarFilePattern.test(file) ? await ctx.services.storage.read(storageKey(ctx.org.id, file)) : null;
  if (!data) throw notFound('There is no such avatar');
  const kind = sniffImage(data);
  if (!kind) throw notFound('There is no such avatar'); // never serve anything but an image
  return { data, contentType: avatarContentTypes[kind] };
}
