import { GALLERY_LARGE_FACTOR, GALLERY_SMALL_FACTOR, THUMBNAIL_PX } from '@patio/core';
import sharp from 'sharp';
import type { FileStorage } from '../../platform/storage/storage';

// Renditions of an uploaded picture (spec §9: the gallery shows 8x the thumbnail on small screens and
// 16x on large ones): each fits its box, is turned upright (EXIF orientation) and is a fresh WebP
// encoding without metadata, so the gallery never shows a photo's GPS position. They are made from
// the original as stored (read back from storage), once the whole upload has arrived.

export interface Renditions {
  thumbnailKey: string;
  previewKey: string;
  largeKey: string;
  /** Of the upright original. */
  width: number;
  height: number;
}

const boxes = [
  ['thumbnail', THUMBNAIL_PX],
  ['preview', THUMBNAIL_PX * GALLERY_SMALL_FACTOR],
  ['large', THUMBNAIL_PX * GALLERY_LARGE_FACTOR],
] as const;

/** Bigger originals get no renditions (the UI shows an icon): decoding them would need too much memory. */
export const RENDITION_MAX_INPUT_BYTES = 64 * 1024 * 1024;
/** Pictures above this many pixels are refused from their header, before any pixel is decoded. */
export const RENDITION_MAX_PIXELS = 50_000_000;

// Decoding is memory-hungry: a burst of uploads renders two pictures at a time per process.
const RENDERING_AT_ONCE = 2;
let rendering = 0;
const waiting: (() => void)[] = [];

async function takeTurn(): Promise<() => void> {
  if (rendering >= RENDERING_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  rendering++;
  return () => {
    rendering--;
    waiting.shift()?.();
  };
}

/**
 * Makes and stores the three renditions of the picture under `key` (stored beside it as
 * `{key}.{variant}.webp`). Answers null, leaving nothing behind, when the file is too big or no
 * decoder accepts it.
 */
export async function makeRenditions(storage: FileStorage, key: string, size: number): Promise<Renditions | null> {
  if (size > RENDITION_MAX_INPUT_BYTES) return null;
  const done = await takeTurn();
  const written: string[] = [];
  try {
    const original = await readBack(storage, key);
    if (!original) return null;
    const image = sharp(original, { limitInputPixels: RENDITION_MAX_PIXELS, failOn: 'error' });
    const meta = await image.metadata();
    const encoded = await Promise.all(
      boxes.map(([, px]) => image.clone().rotate().resize(px, px, { fit: 'inside', withoutEnlargement: true }).webp({ quality: 80 }).toBuffer()),
    );
    const keys = boxes.map(([variant]) => `${key}.${variant}.webp`);
    for (const [i, renditionKey] of keys.entries()) {
      written.push(renditionKey);
      await storage.put(renditionKey, encoded[i]);
    }
    // Orientations 5 to 8 turn the picture a quarter: its upright width is the stored height.
    const turned = (meta.orientation ?? 1) >= 5;
    return {
      thumbnailKey: keys[0],
      previewKey: keys[1],
      largeKey: keys[2],
      width: (turned ? meta.height : meta.width) ?? 0,
      height: (turned ? meta.width : meta.height) ?? 0,
    };
  } catch {
    await Promise.allSettled(written.map((k) => storage.remove(k)));
    return null;
  } finally {
    done();
  }
}

/** The stored original, streamed back (bounded by RENDITION_MAX_INPUT_BYTES). */
async function readBack(storage: FileStorage, key: string): Promise<Buffer | null> {
  const stream = await storage.readStream(key);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    total += (chunk as Buffer).length;
    if (total > RENDITION_MAX_INPUT_BYTES) {
      stream.destroy();
      return null;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
