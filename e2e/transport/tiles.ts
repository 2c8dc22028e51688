// Map tiles served from the journey itself: the test machine has no way to the tile server (and the
// journey should not load a public one), so every {z}/{x}/{y}.png request gets a plain drawn tile —
// a light ground with a street grid — and the maps load as they would with real tiles.
import type { BrowserContext } from '@playwright/test';
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 256 px RGB PNG: ground colour, with lighter streets every 64 px. */
function drawTile(): Buffer {
  const size = 256;
  const ground = [0xf2, 0xef, 0xe9];
  const street = [0xff, 0xff, 0xff];
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const colour = x % 64 < 4 || y % 64 < 4 ? street : ground;
      row.set(colour, 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}

const TILE = drawTile();

/** Answers every map tile request of the context's pages with the drawn tile. */
export async function serveDrawnTiles(context: BrowserContext): Promise<void> {
  await context.route(/^https:\/\/[^/]+\/(?:.*\/)?\d+\/\d+\/\d+\.png(?:\?.*)?$/, (route) => route.fulfill({ status: 200, contentType: 'image/png', body: TILE }));
}
