import { beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/harness';
import { tinyPng } from '../../test/multipart';
import { makeWorld, type World } from '../../test/world';
import { publishPost } from '../threads/threads.fixtures';
import { uploadTo } from './files.fixtures';
import { readFileAddress, signedFileAddress } from './files.signing';

// Signed file addresses (contract "Signed file addresses"): what they prove, when they expire, and
// the headers that keep an uploaded file from ever running on our origin.

const sandbox = "sandbox; default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'";

describeOnDatabases('signed file addresses', (t) => {
  let w: World;
  let folder: string;
  const query = (url: string) => new URLSearchParams(url.split('?')[1]);

  beforeAll(async () => {
    w = await makeWorld(t);
    folder = `posts/${(await publishPost(t, w.teacherA, [w.parentA])).id}/resources/files/block-3`;
  });

  const upload = async (filename: string, data: Buffer | string, contentType: string) =>
    (await uploadTo(t, w.school.code, w.teacherA, folder, [{ filename, data, contentType }])).json()[0];

  it("expires a files block's addresses on the hour, one to two hours ahead, and never a person's uploads", async () => {
    const file = await upload('a.txt', 'a', 'text/plain');
    const expires = Number(query(file.url).get('expires'));
    expect(expires % 3600).toBe(0);
    expect(expires - Date.now() / 1000).toBeGreaterThan(3600);
    expect(expires - Date.now() / 1000).toBeLessThanOrEqual(7200);
    const mine = (await uploadTo(t, w.school.code, w.teacherA, `people/${w.teacherA.id}/uploads`, [{ filename: 'b.png', data: tinyPng }])).json()[0];
    expect(query(mine.url).get('expires')).toBe('0');
    expect((await t.request({ method: 'GET', url: mine.thumbnail })).statusCode).toBe(200);
  });

  it('refuses a forged signature, one of another file, variant or school with 403 bad_signature, and an old one with 403 expired', async () => {
    const file = await upload('foto.png', tinyPng, 'image/png');
    const [path, search] = file.url.split('?');
    const params = query(file.url);
    const attempts = [
      path,
      `${path}?expires=${params.get('expires')}`,
      `${path}?expires=${params.get('expires')}&sig=${params.get('sig')!.slice(1)}A`,
      `${path}?expires=${Number(params.get('expires')) + 3600}&sig=${params.get('sig')}`,
      `${path}?expires=soon&sig=${params.get('sig')}`,
      `${path.replace('/original', '/preview')}?${search}`,
      `${path.replace(`/files/${file.id}/`, `/files/${file.id + 1}/`)}?${search}`,
      `${path.replace(`/api/${w.school.code}/`, `/api/${w.otherSchool.code}/`)}?${search}`,
    ];
    for (const url of attempts) {
      const res = await t.request({ method: 'GET', url });
      expect([res.statusCode, res.json().error], url).toEqual([403, 'bad_signature']);
    }
    const old = signedFileAddress(t.app.patio.config, w.school, file.id, 'original', Math.floor(Date.now() / 1000) - 60);
    expect((await t.request({ method: 'GET', url: old })).json()).toMatchObject({ error: 'expired' });
    expect((await t.request({ method: 'GET', url: file.url })).statusCode).toBe(200);
  });

  it('serves pictures, PDF, audio and video inline and HTML, SVG, XML and scripts only as octet-stream downloads', async () => {
    const cases = [
      { name: 'foto.png', data: tinyPng, type: 'image/png', served: 'image/png', disposition: 'inline' },
      { name: 'guia.pdf', data: `%PDF-1.4 ${'texto '.repeat(1000)}`, type: 'application/pdf', served: 'application/pdf', disposition: 'inline' },
      { name: 'himno.mp3', data: 'ID3', type: 'audio/mpeg', served: 'audio/mpeg', disposition: 'inline' },
      { name: 'notas.docx', data: 'PK', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', served: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', disposition: 'attachment' },
      { name: 'x.html', data: '<script>alert(1)</script>', type: 'text/html', served: 'application/octet-stream', disposition: 'attachment' },
      { name: 'x.svg', data: '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', type: 'image/svg+xml', served: 'application/octet-stream', disposition: 'attachment' },
      { name: 'x.xml', data: '<?xml version="1.0"?><x/>', type: 'application/xml', served: 'application/octet-stream', disposition: 'attachment' },
      { name: 'x.js', data: 'alert(1)', type: 'text/javascript', served: 'application/octet-stream', disposition: 'attachment' },
      // A page that calls itself a picture is stored as what its bytes are not: a plain download.
      { name: 'trap.png', data: '<html><script>alert(1)</script></html>', type: 'image/png', served: 'application/octet-stream', disposition: 'attachment' },
    ];
    for (const c of cases) {
      const file = await upload(c.name, c.data, c.type);
      const res = await t.request({ method: 'GET', url: file.url, headers: { 'accept-encoding': 'br, gzip' } });
      expect([res.statusCode, res.headers['content-type'], String(res.headers['content-disposition']).split(';')[0]], c.name).toEqual([200, c.served, c.disposition]);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toBe(sandbox);
      expect(res.headers['cache-control']).toBe('private, max-age=3600');
      expect(res.headers['content-encoding']).toBeUndefined();
      expect((await t.request({ method: 'GET', url: file.downloadUrl })).headers['content-disposition'], c.name).toMatch(/^attachment;/);
    }
    // SVG is never rasterised: no renditions, only the download.
    expect((await upload('logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>', 'image/svg+xml')).thumbnail).toBeNull();
  });

  it('answers a soft-deleted or removed file 404 through its address', async () => {
    const soft = await upload('a.txt', 'a', 'text/plain');
    const hard = await upload('b.txt', 'b', 'text/plain');
    const token = await t.signIn(w.teacherA);
    await t.request({ method: 'PUT', url: `/api/${w.school.code}/${folder}/${soft.id}`, token, body: { deleteDate: 1 } });
    await t.request({ method: 'DELETE', url: `/api/${w.school.code}/${folder}/${hard.id}`, token });
    for (const file of [soft, hard]) expect((await t.request({ method: 'GET', url: file.url })).statusCode).toBe(404);
  });

  it('serves one Range as 206 with Content-Range, and one past the end as 416', async () => {
    const file = await upload('abc.txt', 'abcdefghij', 'text/plain');
    const part = await t.request({ method: 'GET', url: file.url, headers: { range: 'bytes=2-5' } });
    expect([part.statusCode, part.body, part.headers['content-range'], part.headers['content-length']]).toEqual([206, 'cdef', 'bytes 2-5/10', '4']);
    const tail = await t.request({ method: 'GET', url: file.url, headers: { range: 'bytes=-3' } });
    expect([tail.statusCode, tail.body]).toEqual([206, 'hij']);
    const whole = await t.request({ method: 'GET', url: file.url, headers: { range: 'bytes=0-1,4-5' } });
    expect([whole.statusCode, whole.body]).toEqual([200, 'abcdefghij']);
    const past = await t.request({ method: 'GET', url: file.url, headers: { range: 'bytes=10-' } });
    expect([past.statusCode, past.headers['content-range'], past.json().error]).toEqual([416, 'bytes */10', 'range_not_satisfiable']);
  });

  it('reads back a signed address of this school only while it holds', async () => {
    const file = await upload('c.png', tinyPng, 'image/png');
    const config = t.app.patio.config;
    expect(readFileAddress(config, w.school, file.thumbnail)).toMatchObject({ fileId: file.id, variant: 'thumbnail' });
    expect(readFileAddress(config, w.otherSchool, file.thumbnail)).toBeNull();
    expect(readFileAddress(config, w.school, file.thumbnail.replace('sig=', 'sig=x'))).toBeNull();
    expect(readFileAddress(config, w.school, `https://evil.example${file.thumbnail}`)).toBeNull();
    expect(readFileAddress(config, w.school, signedFileAddress(config, w.school, file.id, 'original', 1000))).toBeNull();
  });
});
