import { beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from '../../test/harness';
import { makeRegistrant } from '../../test/registrants';
import { makeWorld, type World } from '../../test/world';
import { norteParentOf, publishPost } from '../threads/threads.fixtures';
import { listening, multipartOf, rawRequest, rowsOf, uploadTo } from './files.fixtures';

// A files block follows its post (contract "Folder routes"): readers read, the author (and, once
// published, an administrator) writes, anyone else hears 404 as for the post; bad paths are 400.

describeOnDatabases('files blocks: who reads and writes them, and which paths exist', (t) => {
  let w: World;
  let postId: number;
  let folder: string;
  let fileId: number;
  const api = (path: string, org = w.school.code) => `/api/${org}/${path}`;

  beforeAll(async () => {
    w = await makeWorld(t);
    postId = (await publishPost(t, w.teacherA, [w.parentA])).id;
    folder = `posts/${postId}/resources/files/block-7`;
    fileId = (await uploadTo(t, w.school.code, w.teacherA, folder, [{ filename: 'menu.txt', data: 'arroz' }])).json()[0].id;
  });

  it("lets the post's readers list and download, and hides it from everyone else as the post is hidden", async () => {
    for (const reader of [w.teacherA, w.parentA, w.admin]) {
      const res = await t.request({ method: 'GET', url: api(folder), token: await t.signIn(reader) });
      expect(res.statusCode, reader.firstName).toBe(200);
      expect((await t.request({ method: 'GET', url: api(`${folder}/${fileId}`), token: await t.signIn(reader) })).body).toBe('arroz');
    }
    // Another family, the teacher of another class, a driver, a school-wide employee, the student.
    for (const stranger of [w.parentB, w.teacherB, w.driver, w.employee, w.studentA]) {
      for (const url of [api(folder), api(`${folder}/${fileId}`)]) {
        const res = await t.request({ method: 'GET', url, token: await t.signIn(stranger) });
        expect([res.statusCode, res.json().error], `${stranger.firstName} ${url}`).toEqual([404, 'not_found']);
      }
    }
    expect((await t.request({ method: 'GET', url: api(folder) })).statusCode).toBe(401);
    // norte: its parent on the world's base (403 wrong_school), its admin on norte's base with the world's post (404).
    const norteParent = await norteParentOf(t, w);
    expect((await t.request({ method: 'GET', url: api(folder), token: await t.signIn(norteParent) })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: api(folder, w.otherSchool.code), token: await t.signIn(w.otherAdmin) })).statusCode).toBe(404);
    // An unapproved registration is nobody yet.
    const registrant = await makeRegistrant(t, w.school);
    expect((await t.request({ method: 'GET', url: api(folder), token: await t.signIn(registrant) })).json()).toMatchObject({ error: 'registration_pending' });
  });

  it('lets only the author (and an administrator of a published post) upload, rename and delete', async () => {
    const parentTry = await uploadTo(t, w.school.code, w.parentA, folder, [{ filename: 'x.txt', data: 'x' }]);
    expect([parentTry.statusCode, parentTry.json().error]).toEqual([403, 'forbidden']);
    expect((await uploadTo(t, w.school.code, w.parentB, folder, [{ filename: 'x.txt', data: 'x' }])).statusCode).toBe(404);
    const admin = await uploadTo(t, w.school.code, w.admin, folder, [{ filename: 'acta.txt', data: 'acta' }]);
    expect(admin.statusCode).toBe(201);
    for (const [method, body] of [['PUT', { title: 'Nuevo' }], ['DELETE', undefined]] as const) {
      expect((await t.request({ method, url: api(`${folder}/${fileId}`), token: await t.signIn(w.parentA), body })).statusCode).toBe(403);
      expect((await t.request({ method, url: api(`${folder}/${fileId}`), token: await t.signIn(w.teacherB), body })).statusCode).toBe(404);
    }
    expect((await rowsOf(t, w.school.id, folder)).map((r) => r.name)).toEqual(['menu.txt', 'acta.txt']);

    // A draft is its author's alone: an administrator does not even see it.
    const draft = (await t.request({ method: 'POST', url: api(`people/${w.teacherA.id}/posts/drafts`), token: await t.signIn(w.teacherA), body: {} })).json().id;
    const draftFolder = `posts/${draft}/resources/files/block-1`;
    expect((await uploadTo(t, w.school.code, w.teacherA, draftFolder, [{ filename: 'borrador.txt', data: 'b' }])).statusCode).toBe(201);
    expect((await uploadTo(t, w.school.code, w.admin, draftFolder, [{ filename: 'x.txt', data: 'x' }])).statusCode).toBe(404);
  });

  it("answers another folder's file, an unknown post and another school's post id with 404", async () => {
    const token = await t.signIn(w.teacherA);
    expect((await t.request({ method: 'GET', url: api(`posts/${postId}/resources/files/block-8/${fileId}`), token })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: api('posts/999999/resources/files/block-7'), token })).statusCode).toBe(404);
    const nortePost = (await publishPost(t, w.otherAdmin, [await norteParentOf(t, w)])).id;
    expect((await t.request({ method: 'GET', url: api(`posts/${nortePost}/resources/files/block-1`), token })).statusCode).toBe(404);
  });

  it('refuses .., encoded dots and anything but a file number as a path with 400 invalid_path', async () => {
    const token = await t.signIn(w.teacherA);
    const bad = ['abc', '1.0', '01', '-1', '%2e%2e%2f1', '..%2F..%2Fkeys', '1e3'];
    for (const path of bad) {
      for (const method of ['GET', 'PUT', 'DELETE'] as const) {
        const res = await t.request({ method, url: api(`${folder}/${path}`), token, body: method === 'PUT' ? { title: 'x' } : undefined });
        expect([res.statusCode, res.json().error], `${method} ${path}`).toEqual([400, 'invalid_path']);
      }
    }
    for (const block of ['block-x', 'block-', 'block-12345678901234567', 'archivo', 'block-1%2F..']) {
      const res = await t.request({ method: 'GET', url: api(`posts/${postId}/resources/files/${block}`), token });
      expect([res.statusCode, res.json().error], block).toEqual([400, 'invalid_path']);
    }
    // Browsers and app.inject resolve dot segments before sending; a raw client need not.
    const port = await listening(t);
    for (const path of [`${folder}/..`, `${folder}/%2e%2e`, `${folder}/%2E%2E`, `posts/${postId}/resources/files/%2e%2e`, `posts/${postId}/resources/files/../${fileId}`]) {
      const status = await rawRequest(port, `GET ${api(path)} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nConnection: close\r\n\r\n`);
      expect(status, path).toBe('HTTP/1.1 400 Bad Request');
    }
  });

  it('refuses a NUL in a title or a file name with 400 on either database, storing nothing', async () => {
    const token = await t.signIn(w.teacherA);
    const put = await t.request({ method: 'PUT', url: api(`${folder}/${fileId}`), token, body: { title: 'menú\u0000' } });
    expect([put.statusCode, put.json().error]).toEqual([400, 'invalid_characters']);
    const before = await rowsOf(t, w.school.id, folder);
    const named = await uploadTo(t, w.school.code, w.teacherA, folder, [{ filename: 'ok.txt', data: 'ok' }, { filename: 'mal\u0000.txt', data: 'x' }]);
    expect([named.statusCode, named.json().error]).toEqual([400, 'invalid_characters']);
    expect(await rowsOf(t, w.school.id, folder)).toEqual(before);
  });

  it('refuses other fields and other content types, and a huge title, without a 500', async () => {
    const token = await t.signIn(w.teacherA);
    expect((await uploadTo(t, w.school.code, w.teacherA, folder, [{ filename: 'a.txt', data: 'a', field: 'attachment' }])).json()).toMatchObject({ error: 'unknown_field' });
    const json = await t.request({ method: 'POST', url: api(folder), token, body: { file: 'a' } });
    expect(json.statusCode).toBe(415);
    const empty = multipartOf([]);
    expect((await t.request({ method: 'POST', url: api(folder), token, body: empty.payload, headers: empty.headers })).json()).toMatchObject({ error: 'missing_file' });
    const long = await t.request({ method: 'PUT', url: api(`${folder}/${fileId}`), token, body: { title: 'x'.repeat(100_000) } });
    expect([long.statusCode, long.json().error]).toEqual([400, 'invalid_request']);
  });
});
