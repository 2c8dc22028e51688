import { describe, expect, it } from 'vitest';
import { create } from 'qrcode';
import jsQRModule from 'jsqr';
import { qrPathOf, QUIET_ZONE } from './qrPath';

// jsqr is CommonJS with its function on `default`: the import gives either, depending on the loader.
const jsQR = ((jsQRModule as unknown as { default?: typeof jsQRModule }).default ?? jsQRModule) as typeof jsQRModule;

/** Paints a path of qrPathOf (only its own M x y h w v1 h -w z rectangles) as RGBA pixels, `scale` per module. */
function paint(path: string, side: number, scale: number): Uint8ClampedArray {
  const width = side * scale;
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255);
  for (const [, x, y, w] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let row = Number(y) * scale; row < (Number(y) + 1) * scale; row += 1) {
      for (let col = Number(x) * scale; col < (Number(x) + Number(w)) * scale; col += 1) {
        const at = (row * width + col) * 4;
        pixels[at] = pixels[at + 1] = pixels[at + 2] = 0;
      }
    }
  }
  return pixels;
}

describe('qrPathOf', () => {
  it('§3: draws a card code that a QR reader reads back exactly', () => {
    const code = 'v1.1.42.2026-12-07.q9Xh3k_Lr0aB-5sV1mT8wYzC2dE4fG6hJ7kL9nP0rS';
    const { modules } = create(code, { errorCorrectionLevel: 'M' });
    const side = modules.size + 2 * QUIET_ZONE;
    const path = qrPathOf(modules);
    const read = jsQR(paint(path, side, 4), side * 4, side * 4);
    expect(read?.data).toBe(code);
  });

  it('merges each row’s run of dark modules into one rectangle, inside the quiet zone', () => {
    expect(qrPathOf({ size: 3, data: [1, 1, 0, 0, 0, 0, 1, 0, 1] })).toBe('M4 4h2v1h-2zM4 6h1v1h-1zM6 6h1v1h-1z');
  });
});
