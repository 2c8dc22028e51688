import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/harness';
import { tinyPng } from '../../test/multipart';
import { makeWorld, type World } from '../../test/world';
import { publishPost } from '../threads/threads.fixtures';
import { rowsOf, uploadTo } from './files.fixtures';

// Renditions are made for pictures only, recognised by their bytes; a picture no decoder accepts, or
// one whose header claims too many pixels, is kept as a plain file with no renditions.

/** tinyPng claiming `side` × `side` pixels in its header (a decompression bomb's header). */
function pngClaiming(side: number): Buffer {
  const png = Buffer.from(tinyPng);
  png.writeUInt32BE(side, 16);
  png.writeUInt32BE(side, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

describeOnDatabases('picture renditions', (t) => {
  let w: World;
  let folder: string;
  const upload = async (filename: string, data: Buffer, contentType: string) =>
    (await uploadTo(t, w.school.code, w.teacherA, folder, [{ filename, data, contentType }])).json()[0];

  beforeAll(async () => {
    w = await makeWorld(t);
    folder = `posts/${(await publishPost(t, w.teacherA, [w.parentA])).id}/resources/files/block-9`;
  });

  it('renders PNG, GIF and WebP pictures whatever type the browser declared', async () => {
    const base = sharp({ create: { width: 1200, height: 900, channels: 3, background: '#c33' } });
    for (const [name, data] of [
      ['plano.png', await base.clone().png().toBuffer()],
      ['anim.gif', await base.clone().gif().toBuffer()],
      ['foto.webp', await base.clone().webp().toBuffer()],
    ] as const) {
      const file = await upload(name, data, 'application/octet-stream');
      expect(file.mimetype, name).toMatch(/^image\/(png|gif|webp)$/);
      expect([file.width, file.height]).toEqual([1200, 900]);
      const preview = await t.request({ method: 'GET', url: file.preview });
      expect(await sharp(preview.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 768, height: 576 });
      // Smaller than the box: never enlarged.
      const large = await t.request({ method: 'GET', url: file.large });
      expect(await sharp(large.rawPayload).metadata()).toMatchObject({ width: 1200, height: 900 });
    }
  });

  it('keeps a broken picture and a header claiming a billion pixels as plain files without renditions', async () => {
    const broken = await upload('roto.jpg', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500, 7)]), 'image/jpeg');
    const bomb = await upload('bomba.png', pngClaiming(40_000), 'image/png');
    for (const file of [broken, bomb]) {
      expect([file.thumbnail, file.preview, file.large, file.width], file.name).toEqual([null, null, null, null]);
      expect((await t.request({ method: 'GET', url: file.url })).statusCode).toBe(200);
    }
    const rows = await rowsOf(t, w.school.id, folder);
    expect(rows.filter((r) => r.name === 'roto.jpg' || r.name === 'bomba.png').map((r) => r.thumbnail_key)).toEqual([null, null]);
  });

  it('answers HEAD with the headers and no body', async () => {
    const file = await upload('p.png', tinyPng, 'image/png');
    const head = await t.request({ method: 'HEAD', url: file.thumbnail });
    expect([head.statusCode, head.headers['content-type'], head.body]).toEqual([200, 'image/webp', '']);
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
  });
});
