// What a stored file is and how it may be served (docs/decisions/012-files-and-signed-addresses.md).
// The declared type of an upload is the browser's guess and the uploader's choice: it names the
// icon and the download, but never makes the browser run anything of ours. Pictures are recognised
// by their bytes.

export type RasterType = 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp' | 'image/avif' | 'image/heic' | 'image/tiff';

/** Bytes a file needs for sniffRaster. */
export const SNIFF_BYTES = 32;

/** The picture format of a file's first bytes (never its name or declared type), or null. */
export function sniffRaster(head: Buffer): RasterType | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  const ascii = head.toString('latin1', 0, 12);
  if (ascii.startsWith('GIF87a') || ascii.startsWith('GIF89a')) return 'image/gif';
  if (ascii.startsWith('RIFF') && ascii.slice(8, 12) === 'WEBP') return 'image/webp';
  if (ascii.startsWith('II*\u0000') || ascii.startsWith('MM\u0000*')) return 'image/tiff';
  if (ascii.slice(4, 8) === 'ftyp') {
    const brand = ascii.slice(8, 12);
    if (brand === 'avif' || brand === 'avis') return 'image/avif';
    if (['heic', 'heix', 'heim', 'heis', 'mif1', 'msf1'].includes(brand)) return 'image/heic';
  }
  return null;
}

const byExtension: Record<string, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  txt: 'text/plain',
  csv: 'text/csv',
  zip: 'application/zip',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  svg: 'image/svg+xml',
  html: 'text/html',
  htm: 'text/html',
};

const mimetypePattern = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,62}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,62}$/;

/**
 * The type stored for an upload: the picture format its bytes show, else the declared type (when it
 * is a well-formed type and does not claim a picture the bytes deny), else a guess from the name.
 */
export function storedMimetype(declared: string | undefined, fileName: string, sniffed: RasterType | null): string {
  if (sniffed) return sniffed;
  const type = (declared ?? '').split(';')[0].trim().toLowerCase();
  const claimsRaster = /^image\/(jpeg|jpg|pjpeg|png|gif|webp|avif|heic|heif|tiff)$/.test(type);
  if (mimetypePattern.test(type) && type !== 'application/octet-stream' && !claimsRaster) return type;
  const extension = fileName.toLowerCase().match(/\.([a-z0-9]{1,5})$/)?.[1];
  return (extension && byExtension[extension]) || 'application/octet-stream';
}

/** Types a browser shows by itself without running anything: pictures, sound, video and PDF (contract). */
const inlineTypes = /^(image\/(jpeg|png|gif|webp|avif)|video\/[a-z0-9.+-]+|audio\/[a-z0-9.+-]+|application\/pdf)$/;

/** Types that are, or may hold, markup or script: never labelled as such, so nothing renders them. */
const activeTypes = [/html/, /(^|\/|\+)xml$/, /svg/, /xsl/, /script/, /^text\/css$/, /x-sh$/, /^message\//, /^multipart\//, /shockwave/];

/** How one variant of a file is answered: its Content-Type and whether the browser may show it in place. */
export function servingOf(mimetype: string, download: boolean): { contentType: string; inline: boolean } {
  if (activeTypes.some((type) => type.test(mimetype))) return { contentType: 'application/octet-stream', inline: false };
  return { contentType: mimetype, inline: !download && inlineTypes.test(mimetype) };
}
