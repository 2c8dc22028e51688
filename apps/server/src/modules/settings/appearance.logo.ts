import { createHash } from 'node:crypto';
import { LOGO_MAX_BYTES } from '@patio/core/schemas/appearance';
import sharp from 'sharp';
import type { Database } from '../../db/database';
import { badRequest, notFound } from '../../http/errors';
import type { FileStorage } from '../../platform/storage/storage';
import { findOwnUpload } from './appearance.queries';

// A school's logo: picked from the administrator's own uploads (POST people/{me}/uploads), decoded
// and drawn afresh as a PNG of at most 512 px, stored under logos/{orgId}/{hash}.png and served
// without a token (GET vue/settings is public and the /login screen shows it). Only raster formats are
// decoded: an SVG can carry script, and a re-encoded PNG carries nothing but pixels. The address holds
// the content's hash, so a new logo is a new address and browsers may keep each one for a year.

const LOGO_BOX_PX = 512;
const LOGO_MAX_PIXELS = 25_000_000;
const RASTER_FORMATS = new Set(['png', 'jpeg', 'webp', 'gif']);
const LOGO_FILE = /^[0-9a-f]{32}\.png$/;

const typeRefused = () => badRequest('logo_type_refused', 'A logo is a PNG, JPEG, WebP or GIF image (SVG and other files are refused)');

/** The upload `fileId` of `personId`, read back from storage (400 when it is not theirs or too big). */
async function readOwnUpload(db: Database, storage: FileStorage, orgId: number, personId: number, fileId: number): Promise<Buffer> {
  const row = await findOwnUpload(db, orgId, personId, fileId);
  if (!row) throw badRequest('logo_not_found', 'The logo must be one of your own uploads (POST people/{me}/uploads): there is no such file');
  if (Number(row.size) > LOGO_MAX_BYTES) throw badRequest('logo_too_large', `A logo is at most ${LOGO_MAX_BYTES / 1024 / 1024} MB`);
  const bytes = await storage.read(row.storage_key);
  if (!bytes) throw badRequest('logo_not_found', 'The uploaded file is no longer stored; upload it again');
  return bytes;
}

/** Decodes `bytes` as a raster image and draws it again as a PNG that fits 512×512, without metadata. */
export async function reencodeLogo(bytes: Buffer): Promise<Buffer> {
  if (bytes.length > LOGO_MAX_BYTES) throw badRequest('logo_too_large', `A logo is at most ${LOGO_MAX_BYTES / 1024 / 1024} MB`);
  let format: string | undefined;
  try {
    format = (await sharp(bytes, { limitInputPixels: LOGO_MAX_PIXELS, failOn: 'error' }).metadata()).format;
  } catch {
    throw typeRefused();
  }
  // Checked before any pixel is decoded: sharp would otherwise rasterise an SVG.
  if (!format || !RASTER_FORMATS.has(format)) throw typeRefused();
  try {
    return await sharp(bytes, { limitInputPixels: LOGO_MAX_PIXELS, failOn: 'error', animated: false })
      .rotate()
      .resize(LOGO_BOX_PX, LOGO_BOX_PX, { fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer();
  } catch {
    throw typeRefused();
  }
}

/** Re-encodes the upload and stores it; answers the file name the logo is served under. */
export async function storeLogoFromUpload(db: Database, storage: FileStorage, orgId: number, personId: number, fileId: number): Promise<string> {
  const png = await reencodeLogo(await readOwnUpload(db, storage, orgId, personId, fileId));
  const name = `${createHash('sha256').update(png).digest('hex').slice(0, 32)}.png`;
  await storage.put(`logos/${orgId}/${name}`, png);
  return name;
}

/** Where a stored logo is served, from the site's root (kept so in orgs.logo: the origin is the reader's). */
export function logoPath(orgCode: string, name: string): string {
  return `/api/${orgCode}/settings/appearance/logo/${name}`;
}

/** A logo address as readers load it: a stored root path gets `origin` in front; any other address is kept. */
export function absoluteLogo(logo: string | null, origin: string): string | null {
  return logo?.startsWith('/') ? `${origin}${logo}` : logo;
}

/** The PNG bytes of a logo the school stored, or 404. */
export async function readLogo(storage: FileStorage, orgId: number, name: string): Promise<Buffer> {
  if (!LOGO_FILE.test(name)) throw notFound('There is no such logo');
  const bytes = await storage.read(`logos/${orgId}/${name}`);
  if (!bytes) throw notFound('There is no such logo');
  return bytes;
}
