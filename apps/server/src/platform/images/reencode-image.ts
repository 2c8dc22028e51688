import sharp from 'sharp';

// Every stored picture is a fresh encoding of the pixels only (issue 6 item 9): what was uploaded
// byte for byte carried EXIF (GPS position included) to everyone who could see it, and a 30000×30000
// PNG of a few hundred KB took gigabytes to decode. Sharp works in libuv's thread pool, so the event
// loop stays free while it runs.

/** Larger inputs are refused from their header, before any pixel is decoded (40 megapixels). */
export const MAX_INPUT_PIXELS = 40_000_000;

export interface ReencodeOptions {
  /** The stored image fits in maxSide × maxSide (never enlarged). */
  maxSide: number;
  /** The thumbnail is thumbSide × thumbSide, cropped to the centre. */
  thumbSide: number;
}

export interface ReencodedImage {
  image: Buffer;
  thumbnail: Buffer;
  contentType: 'image/webp';
  extension: 'webp';
}

/** Why an image was refused: too many pixels, or bytes no decoder accepts. */
export class ImageRefused extends Error {
  constructor(
    readonly reason: 'too_many_pixels' | 'unreadable',
    message: string,
  ) {
    super(message);
  }
}

/** WebP encodings of the image and its thumbnail: upright (EXIF orientation applied), without any metadata. */
export async function reencodeImage(data: Buffer, options: ReencodeOptions): Promise<ReencodedImage> {
  try {
    // One decode, two encodes: the upright pixels are read once and both sizes come from them.
    const upright = sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    const [image, thumbnail] = await Promise.all([
      upright
        .clone()
        .resize(options.maxSide, options.maxSide, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer(),
      upright.clone().resize(options.thumbSide, options.thumbSide, { fit: 'cover' }).webp({ quality: 80 }).toBuffer(),
    ]);
    return { image, thumbnail, contentType: 'image/webp', extension: 'webp' };
  } catch (err) {
    const message = (err as Error).message ?? '';
    if (/pixel limit/i.test(message)) throw new ImageRefused('too_many_pixels', message);
    throw new ImageRefused('unreadable', message);
  }
}
