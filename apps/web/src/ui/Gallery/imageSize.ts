import { GALLERY_LARGE_FACTOR, GALLERY_SMALL_FACTOR, LARGE_IMAGE_THRESHOLD_PX } from '@patio/core/constants';
import { THUMBNAIL_PX } from '@patio/core/schemas/blocks';

// Spec §4 Gallery image size and §9: the viewer shows the small rendition (8x the thumbnail) below
// 1000 device pixels of viewport width and the large one (16x) from there up.

export type Rendition = 'preview' | 'large';

/** The rendition for a viewport this many device pixels wide (CSS width × devicePixelRatio). */
export function renditionFor(devicePixels: number): Rendition {
  return devicePixels >= LARGE_IMAGE_THRESHOLD_PX ? 'large' : 'preview';
}

/** The box, in pixels, the rendition fits in. */
export function renditionBox(rendition: Rendition): number {
  return THUMBNAIL_PX * (rendition === 'large' ? GALLERY_LARGE_FACTOR : GALLERY_SMALL_FACTOR);
}

/** The size of an image once fitted in `box` (never enlarged); a square box when the size is unknown. */
export function fitInBox(width: number | null, height: number | null, box: number): { width: number; height: number } {
  if (!width || !height || width <= 0 || height <= 0) return { width: box, height: box };
  const scale = Math.min(1, box / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
