import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/harness';
import { multipartBody, tinyPng } from '../../test/multipart';
import { makeWorld, type World } from '../../test/world';

describeOnDatabases('avatars', (t) => {
  let w: World;
  const upload = async (viewer: World['admin'], id: number, filename: string, data: Buffer | string, contentType = 'image/png') => {
    const { payload, headers } = multipartBody(filename, data, { contentType });
    return t.request({ method: 'PUT', url: `/api/${w.school.code}/people/${id}/avatar`, token: await t.signIn(viewer), body: payload, headers });
  };
  const avatarOf = async (id: number) => (await t.db.selectFrom('people').select('avatar').where('org_id', '=', w.school.id).where('id', '=', id).executeTakeFirstOrThrow()).avatar;
  const avatarDir = () => join(t.config.dataDir, 'files', 'avatars', String(w.school.id));
  const filesOf = (personId: number) => (existsSync(avatarDir()) ? readdirSync(avatarDir()).filter((f) => f.startsWith(`${personId}-`)).sort() : []);
  const withoutQuery = (url: string) => url.split('?')[0];

  beforeAll(async () => {
    w = await makeWorld(t);
  });

  it('stores a re-encoded WebP and serves it inline through its signed URL, with nosniff', async () => {
    const res = await upload(w.studentA, w.studentA.id, 'me.png', tinyPng);
    expect(res.statusCode).toBe(200);
    const url: string = res.json().avatar;
    expect(url).toMatch(new RegExp(`^/api/${w.school.code}/files/avatars/${w.studentA.id}-[a-f0-9]{32}\\.webp\\?expires=\\d+&signature=[\\w-]+$`));
    expect(await avatarOf(w.studentA.id)).toBe(withoutQuery(url));
    const file = await t.request({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toBe('inline');
    expect(file.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect((await sharp(file.rawPayload).metadata()).format).toBe('webp');
    // The card carries the signed URL, so whoever sees the card (here a teacher of another class) sees the picture.
    const card = await t.request({ method: 'GET', url: `/api/${w.school.code}/people/${w.studentA.id}`, token: await t.signIn(w.teacherB) });
    expect(card.json().avatar).toBe(url);
  });

  it('item 9: serves an avatar only with a valid signature of this school (404 otherwise)', async () => {
    const url: string = (await upload(w.teacherA, w.teacherA.id, 'me.png', tinyPng)).json().avatar;
    const [path, query] = url.split('?');
    const params = new URLSearchParams(query);
    const forged = new URLSearchParams({ expires: String(Number(params.get('expires')) + 86_400), signature: params.get('signature')! });
    const otherSchool = path.replace(`/api/${w.school.code}/`, `/api/${w.otherSchool.code}/`);
    const expired = new URLSearchParams({ expires: '1000', signature: params.get('signature')! });
    for (const attempt of [path, `${path}?${forged}`, `${path}?${expired}`, `${otherSchool}?${query}`, `${path}?expires=${params.get('expires')}&signature=x`]) {
      const res = await t.request({ method: 'GET', url: attempt });
      expect(res.statusCode, attempt).toBe(404);
      expect(res.json()).toMatchObject({ error: 'not_found', message: 'There is no such avatar' });
    }
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(200);
  });

  it('item 9: every place that shows a person gives the signed URL (profile, search, children, node members, audience sample)', async () => {
    const url: string = (await upload(w.parentA, w.studentA.id, 'me.png', tinyPng)).json().avatar;
    const admin = await t.signIn(w.admin);
    const get = async (path: string) => (await t.request({ method: 'GET', url: `/api/${w.school.code}/${path}`, token: admin })).json();
    const avatarIn = (list: { id: number; avatar: string | null }[]) => list.find((p) => p.id === w.studentA.id)?.avatar;
    expect((await get(`people/${w.studentA.id}`)).avatar).toBe(url);
    expect(avatarIn(await get(`people?q=${encodeURIComponent('Alba')}`))).toBe(url);
    expect(avatarIn(await get(`people/${w.parentA.id}/children`))).toBe(url);
    expect(avatarIn(await get(`nodes/${w.tree.classA}/members`))).toBe(url);
    const preview = await t.request({
      method: 'POST', url: `/api/${w.school.code}/audiences/preview`, token: admin,
      body: { rules: { field: 'node', op: 'eq', args: [w.tree.classA] } },
    });
    expect(avatarIn(preview.json().sample)).toBe(url);
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(200);
  });

  it('item 9: strips EXIF (GPS included), turns the picture upright, caps it at 512 px and makes a 96 px thumbnail', async () => {
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3a7' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'PatioCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '4/1 35/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '74/1 4/1 0/1' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const sent = await sharp(photo).metadata();
    expect(sent.exif?.includes(Buffer.from('PatioCam'))).toBe(true);
    expect(sent.exif?.includes(gpsPointerTag)).toBe(true);
    expect(sent.orientation).toBe(6);

    const url: string = (await upload(w.parentB, w.studentB.id, 'gps.jpg', photo, 'image/jpeg')).json().avatar;
    const stored = (await t.request({ method: 'GET', url })).rawPayload;
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 341, height: 512 }); // 1200 × 800 turned upright, within 512
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(stored.includes(Buffer.from('PatioCam'))).toBe(false);
    expect(stored.includes(Buffer.from('Exif'))).toBe(false);
    const thumb = await sharp((await t.request({ method: 'GET', url: `${url}&size=thumb` })).rawPayload).metadata();
    expect(thumb).toMatchObject({ format: 'webp', width: 96, height: 96 });
    expect(thumb.exif).toBeUndefined();
  });

  it('item 9: refuses a 30000 × 30000 PNG (413) from its header, and keeps nothing', async () => {
    const huge = await hugePng(30_000, 30_000);
    expect(huge.length).toBeLessThan(5 * 1024 * 1024);
    const before = filesOf(w.parentA.id);
    const res = await upload(w.parentA, w.parentA.id, 'huge.png', huge);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'image_too_large', message: 'The avatar may have at most 40 megapixels' });
    expect(await avatarOf(w.parentA.id)).toBeNull();
    expect(filesOf(w.parentA.id)).toEqual(before);
  });

  it('item 16: parallel avatar uploads leave exactly the referenced files on disk', async () => {
    const person = w.teacherB;
    const pictures = await Promise.all(
      Array.from({ length: 20 }, (_, i) => sharp({ create: { width: 64, height: 64, channels: 3, background: { r: i * 12, g: 40, b: 90 } } }).png().toBuffer()),
    );
    const token = await t.signIn(person);
    const answers = await Promise.all(
      pictures.map((png) => {
        const { payload, headers } = multipartBody('p.png', png, { contentType: 'image/png' });
        return t.request({ method: 'PUT', url: `/api/${w.school.code}/people/${person.id}/avatar`, token, body: payload, headers });
      }),
    );
    for (const res of answers) {
      expect([200, 409], res.body).toContain(res.statusCode);
      if (res.statusCode === 409) expect(res.json().error).toBe('avatar_changed');
    }
    expect(answers.some((res) => res.statusCode === 200)).toBe(true);
    const referenced = (await avatarOf(person.id))!.split('/').pop()!;
    expect(filesOf(person.id)).toEqual([referenced.replace('.webp', '.thumb.webp'), referenced].sort());
  });

  it('replaces the previous files, and DELETE removes them', async () => {
    const first = (await upload(w.parentA, w.studentA.id, 'a.png', tinyPng)).json().avatar as string;
    const second = (await upload(w.parentA, w.studentA.id, 'b.png', tinyPng)).json().avatar as string;
    expect(second).not.toBe(first);
    expect((await t.request({ method: 'GET', url: first })).statusCode).toBe(404);
    expect(filesOf(w.studentA.id)).toHaveLength(2);
    const del = await t.request({ method: 'DELETE', url: `/api/${w.school.code}/people/${w.studentA.id}/avatar`, token: await t.signIn(w.studentA) });
    expect(del.statusCode).toBe(204);
    expect(await avatarOf(w.studentA.id)).toBeNull();
    expect((await t.request({ method: 'GET', url: second })).statusCode).toBe(404);
    expect(filesOf(w.studentA.id)).toEqual([]);
  });

  it('refuses HTML and SVG disguised as .png (415), and changes nothing', async () => {
    const kept = (await upload(w.studentB, w.studentB.id, 'ok.png', tinyPng)).json().avatar;
    const files = readdirSync(avatarDir()).length;
    for (const [name, body] of [
      ['evil.png', '<html><script>alert(1)</script></html>'],
      ['evil.png', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'],
      ['evil.svg', '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"></svg>'],
    ] as const) {
      const res = await upload(w.studentB, w.studentB.id, name, body);
      expect(res.statusCode).toBe(415);
      expect(res.json().message).toBe('The avatar must be a PNG, JPEG or WebP image');
    }
    // PNG magic bytes followed by garbage: nothing decodes it.
    const broken = await upload(w.studentB, w.studentB.id, 'broken.png', Buffer.concat([tinyPng.subarray(0, 16), Buffer.alloc(200, 7)]));
    expect(broken.statusCode).toBe(415);
    expect(broken.json().error).toBe('unsupported_image');
    expect(await avatarOf(w.studentB.id)).toBe(kept.split('?')[0]);
    expect(readdirSync(avatarDir())).toHaveLength(files);
  });

  it('refuses files over 5 MB (413) and requests without a file (400/415)', async () => {
    const big = Buffer.concat([tinyPng, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await upload(w.admin, w.admin.id, 'big.png', big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: 'payload_too_large', message: 'The avatar can be at most 5 MB' });
    expect(await avatarOf(w.admin.id)).toBeNull();
    const json = await t.request({ method: 'PUT', url: `/api/${w.school.code}/people/${w.admin.id}/avatar`, token: await t.signIn(w.admin), body: {} });
    expect(json.statusCode).toBe(415);
  });

  it('serves nothing but stored images: bad names are 400, unknown ones 404', async () => {
    expect((await t.request({ method: 'GET', url: `/api/${w.school.code}/files/avatars/..%2F..%2Fpatio.sqlite` })).statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: `/api/${w.school.code}/files/avatars/1-${'0'.repeat(32)}.png` })).statusCode).toBe(404);
    expect(existsSync(join(t.config.dataDir, 'files'))).toBe(true);
  });
});

/** The EXIF tag that points at the GPS data (0x8825), little-endian as sharp writes it. */
const gpsPointerTag = Buffer.from([0x25, 0x88]);

/** A real grey PNG of width × height (1 bit per pixel, all zero: small however large). */
async function hugePng(width: number, height: number): Promise<Buffer> {
  const { crc32, deflateSync } = await import('node:zlib');
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
    return Buffer.concat([head, data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const raw = Buffer.alloc((1 + Math.ceil(width / 8)) * height); // filter byte 0 and zero pixels per row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
