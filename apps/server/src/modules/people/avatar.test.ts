import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
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
  const avatarOf = async (id: number) => (await t.db.selectFrom('people').select('avatar').where('id', '=', id).executeTakeFirstOrThrow()).avatar;
  const avatarDir = () => join(t.config.dataDir, 'files', 'avatars', String(w.school.id));

  beforeAll(async () => {
    w = await makeWorld(t);
  });

  it('stores a PNG and serves it inline, as image/png, with nosniff', async () => {
    const res = await upload(w.studentA, w.studentA.id, 'me.png', tinyPng);
    expect(res.statusCode).toBe(200);
    const url: string = res.json().avatar;
    expect(url).toMatch(new RegExp(`^/api/${w.school.code}/files/avatars/${w.studentA.id}-[a-f0-9]{32}\\.png$`));
    expect(await avatarOf(w.studentA.id)).toBe(url);
    const file = await t.request({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toBe('inline');
    expect(file.rawPayload.equals(tinyPng)).toBe(true);
    // The public card carries the URL, so whoever sees the card (here a teacher of another class) sees the picture.
    const card = await t.request({ method: 'GET', url: `/api/${w.school.code}/people/${w.studentA.id}`, token: await t.signIn(w.teacherB) });
    expect(card.json().avatar).toBe(url);
  });

  it('replaces the previous file, and DELETE removes it', async () => {
    const first = (await upload(w.parentA, w.studentA.id, 'a.png', tinyPng)).json().avatar as string;
    const second = (await upload(w.parentA, w.studentA.id, 'b.png', tinyPng)).json().avatar as string;
    expect(second).not.toBe(first);
    expect((await t.request({ method: 'GET', url: first })).statusCode).toBe(404);
    const del = await t.request({ method: 'DELETE', url: `/api/${w.school.code}/people/${w.studentA.id}/avatar`, token: await t.signIn(w.studentA) });
    expect(del.statusCode).toBe(204);
    expect(await avatarOf(w.studentA.id)).toBeNull();
    expect((await t.request({ method: 'GET', url: second })).statusCode).toBe(404);
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
    expect(await avatarOf(w.studentB.id)).toBe(kept);
    expect(readdirSync(avatarDir())).toHaveLength(files);
  });

  it('refuses files over 5 MB (413) and requests without a file (400/415)', async () => {
    const big = Buffer.concat([tinyPng, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await upload(w.teacherA, w.teacherA.id, 'big.png', big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: 'payload_too_large', message: 'The avatar can be at most 5 MB' });
    expect(await avatarOf(w.teacherA.id)).toBeNull();
    const json = await t.request({ method: 'PUT', url: `/api/${w.school.code}/people/${w.teacherA.id}/avatar`, token: await t.signIn(w.teacherA), body: {} });
    expect(json.statusCode).toBe(415);
  });

  it('serves nothing but stored images: bad names are 400, unknown ones 404', async () => {
    expect((await t.request({ method: 'GET', url: `/api/${w.school.code}/files/avatars/..%2F..%2Fpatio.sqlite` })).statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: `/api/${w.school.code}/files/avatars/1-${'0'.repeat(32)}.png` })).statusCode).toBe(404);
    expect(existsSync(join(t.config.dataDir, 'files'))).toBe(true);
  });
});
