import { ANON_UPLOAD_MAX_BYTES, UPLOAD_MAX_FILES } from '@patio/core';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import type { TestApp } from '../../test/harness';
import { makeWorld, type World } from '../../test/world';
import { publishPost } from '../threads/threads.fixtures';
import { eventually, listening, multipartOf, rawRequest, rowsOf, startUpload, uploadTo, watchStores } from './files.fixtures';
import { storageKeysOf } from './files.remove';

/**
 * The upload path end to end — multipart in, storage, rows, signed addresses out, removal — run once
 * per storage (local disk in files.test.ts, S3 in files.s3.test.ts) on both databases.
 */
export function uploadPathSuite(t: TestApp): void {
  let w: World;
  let postId: number;
  /** A files block of the suite's post: each test its own, so listings see only that test's files. */
  const block = (n: number) => `posts/${postId}/resources/files/block-${n}`;
  const api = (path: string) => `/api/${w.school.code}/${path}`;
  const keysOf = async (path: string) => (await rowsOf(t, w.school.id, path)).flatMap(storageKeysOf);
  const storage = () => t.app.patio.storage;

  beforeAll(async () => {
    w = await makeWorld(t);
    postId = (await publishPost(t, w.teacherA, [w.parentA])).id;
  });

  it('uploads, lists, downloads, renames, soft-deletes and removes files, bytes and all', async () => {
    const folder = block(1);
    const sent = await uploadTo(t, w.school.code, w.teacherA, folder, [
      { filename: 'Circular ñandú.pdf', data: '%PDF-1.4 circular', contentType: 'application/pdf' },
      { filename: 'lista.csv', data: 'a,b\n1,2\n', contentType: 'text/csv', field: 'cameraFile' },
    ]);
    expect(sent.statusCode, sent.body).toBe(201);
    const [pdf, csv] = sent.json();
    expect(pdf).toMatchObject({ name: 'Circular ñandú.pdf', title: 'Circular ñandú.pdf', mimetype: 'application/pdf', size: 17, endpoint: folder, path: String(pdf.id), deleteDate: null, thumbnail: null });
    expect(csv).toMatchObject({ name: 'lista.csv', mimetype: 'text/csv', size: 8 });

    const parent = await t.signIn(w.parentA);
    const listed = await t.request({ method: 'GET', url: api(folder), token: parent });
    expect(listed.json().map((f: { id: number }) => f.id)).toEqual([pdf.id, csv.id]);
    const bytes = await t.request({ method: 'GET', url: api(`${folder}/${pdf.path}`), token: parent });
    expect([bytes.statusCode, bytes.body, bytes.headers['content-type']]).toEqual([200, '%PDF-1.4 circular', 'application/pdf']);
    const signed = await t.request({ method: 'GET', url: pdf.url });
    expect([signed.statusCode, signed.body]).toEqual([200, '%PDF-1.4 circular']);
    expect(signed.headers['content-disposition']).toMatch(/^inline; filename="Circular nandu.pdf"; filename\*=UTF-8''Circular%20%C3%B1and%C3%BA.pdf$/);
    expect((await t.request({ method: 'GET', url: pdf.downloadUrl })).headers['content-disposition']).toMatch(/^attachment;/);

    const teacher = await t.signIn(w.teacherA);
    const renamed = await t.request({ method: 'PUT', url: api(`${folder}/${pdf.path}`), token: teacher, body: { ...pdf, title: '  Circular final  ' } });
    expect(renamed.json()).toMatchObject({ title: 'Circular final', name: 'Circular ñandú.pdf', deleteDate: null });
    for (const title of ['   ', 'Circular final']) {
      const ignored = await t.request({ method: 'PUT', url: api(`${folder}/${pdf.path}`), token: teacher, body: { title } });
      expect(ignored.json().title).toBe('Circular final');
    }
    const softDeleted = await t.request({ method: 'PUT', url: api(`${folder}/${csv.path}`), token: teacher, body: { ...csv, deleteDate: 1 } });
    expect(softDeleted.json().deleteDate).toEqual(expect.any(String));
    expect((await t.request({ method: 'GET', url: api(folder), token: parent })).json().map((f: { id: number }) => f.id)).toEqual([pdf.id]);
    expect((await t.request({ method: 'GET', url: csv.url })).statusCode).toBe(404);

    const keys = await keysOf(folder);
    expect(keys).toHaveLength(2);
    for (const file of [pdf, csv]) expect((await t.request({ method: 'DELETE', url: api(`${folder}/${file.path}`), token: teacher })).statusCode).toBe(204);
    expect(await rowsOf(t, w.school.id, folder)).toEqual([]);
    for (const key of keys) expect(await storage().stat(key), key).toBeNull();
    expect((await t.request({ method: 'GET', url: pdf.url })).statusCode).toBe(404);
  });

  it('makes thumbnail, preview and large renditions of a gallery photo, upright and without its metadata', async () => {
    const folder = block(2);
    const photo = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: '#2a7' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'PatioCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '4/1 35/1 0/1' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const res = await uploadTo(t, w.school.code, w.teacherA, folder, [{ filename: 'salida.jpg', data: photo, contentType: 'image/jpeg' }]);
    const [file] = res.json();
    expect(file).toMatchObject({ mimetype: 'image/jpeg', width: 1800, height: 2400 });
    for (const [variant, box] of [['thumbnail', 96], ['preview', 768], ['large', 1536]] as const) {
      const image = await t.request({ method: 'GET', url: file[variant] });
      expect(image.headers['content-type'], variant).toBe('image/webp');
      const meta = await sharp(image.rawPayload).metadata();
      expect([meta.format, meta.height, meta.width, meta.exif]).toEqual(['webp', box, box * 0.75, undefined]);
    }
  });

  it('refuses a file over the limit with 413 and keeps nothing of the request', async () => {
    const stores = watchStores(storage());
    try {
      const res = await uploadTo(t, w.school.code, null, 'people/anon/uploads', [
        { filename: 'first.txt', data: 'fits' },
        { filename: 'big.bin', data: Buffer.alloc(ANON_UPLOAD_MAX_BYTES + 1, 1) },
      ], { 'x-upload-key': 'a-browser-key-of-sixteen+' });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ error: 'file_too_large' });
      expect(stores.calls.map((c) => c.key)).toHaveLength(2);
      for (const call of stores.calls) expect(await storage().stat(call.key)).toBeNull();
      expect(await rowsOf(t, w.school.id, 'people/anon/uploads')).toEqual([]);
    } finally {
      stores.stop();
    }
  });

  it(`refuses more than ${UPLOAD_MAX_FILES} files, a body cut short and a declared length no upload may have, keeping nothing`, async () => {
    const folder = block(4);
    const stores = watchStores(storage());
    try {
      const many = Array.from({ length: UPLOAD_MAX_FILES + 1 }, (_, i) => ({ filename: `f${i}.txt`, data: 'x' }));
      expect((await uploadTo(t, w.school.code, w.teacherA, folder, many)).json()).toMatchObject({ error: 'too_many_files' });
      const { payload, headers } = multipartOf([{ filename: 'cut.txt', data: 'no final boundary' }], { closed: false });
      const cut = await t.request({ method: 'POST', url: api(folder), token: await t.signIn(w.teacherA), body: payload, headers });
      expect(cut.json()).toMatchObject({ error: 'invalid_multipart' });
      for (const call of stores.calls) expect(await storage().stat(call.key)).toBeNull();
      const port = await listening(t);
      const huge = UPLOAD_MAX_FILES * (512 * 1024 * 1024 + 64 * 1024) + 1;
      const status = await rawRequest(port, `POST ${api(folder)} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${await t.signIn(w.teacherA)}\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: ${huge}\r\n\r\n`);
      expect(status).toBe('HTTP/1.1 413 Payload Too Large');
      expect(await rowsOf(t, w.school.id, folder)).toEqual([]);
    } finally {
      stores.stop();
    }
  });

  it('keeps no row and no byte of an upload whose client went away half-way', async () => {
    const folder = block(5);
    const stores = watchStores(storage());
    try {
      const port = await listening(t);
      // The first file arrives whole, the second stops after 3 MiB of a declared 8.
      const sent = Buffer.concat([
        Buffer.from('the first file, complete\r\n--cut\r\nContent-Disposition: form-data; name="file"; filename="second.bin"\r\n\r\n'),
        Buffer.alloc(3 * 1024 * 1024, 2),
      ]);
      const upload = startUpload(port, api(folder), await t.signIn(w.teacherA), 8 * 1024 * 1024, sent);
      await eventually(() => stores.calls.length === 2);
      await upload.cut();
      expect(await Promise.all(stores.calls.map((c) => c.done))).toEqual(['stored', 'failed']);
      for (const call of stores.calls) await eventually(async () => (await storage().stat(call.key)) === null);
      expect(await rowsOf(t, w.school.id, folder)).toEqual([]);
    } finally {
      stores.stop();
    }
  });

  it('lists each of 20 parallel uploads to one folder once', async () => {
    const folder = block(6);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => uploadTo(t, w.school.code, w.teacherA, folder, [{ filename: `hoja-${i}.txt`, data: `hoja ${i}` }])),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const listed = (await t.request({ method: 'GET', url: api(folder), token: await t.signIn(w.parentA) })).json() as { name: string }[];
    expect(listed.map((f) => f.name).sort()).toEqual(Array.from({ length: 20 }, (_, i) => `hoja-${i}.txt`).sort());
  });
}
