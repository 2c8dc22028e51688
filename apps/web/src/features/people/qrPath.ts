/** The dark modules of a QR symbol, as `qrcode`'s create() gives them (row-major, 1 = dark). */
export interface QrModules {
  size: number;
  data: ArrayLike<number>;
}

/** Modules of light margin around the symbol: the standard's quiet zone, without which phones misread it. */
export const QUIET_ZONE = 4;

/**
 * One SVG path drawing every dark module as a unit square, offset by the quiet zone, each row's runs
 * of dark modules merged into one rectangle; the viewBox is `size + 2 × QUIET_ZONE` wide.
 */
export function qrPathOf({ size, data }: QrModules): string {
  const parts: string[] = [];
  for (let row = 0; row < size; row += 1) {
    let col = 0;
    while (col < size) {
      if (!data[row * size + col]) {
        col += 1;
        continue;
      }
      const start = col;
      while (col < size && data[row * size + col]) col += 1;
      parts.push(`M${start + QUIET_ZONE} ${row + QUIET_ZONE}h${col - start}v1h${start - col}z`);
    }
  }
  return parts.join('');
}
