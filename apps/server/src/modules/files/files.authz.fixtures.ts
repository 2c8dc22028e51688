import { createHash } from 'node:crypto';
import type { TestPerson } from '../../test/factories';
import type { TestApp } from '../../test/harness';
import type { World } from '../../test/world';
import { publishPost } from '../threads/threads.fixtures';
import { multipartOf, uploadTo } from './files.fixtures';
import { insertFiles } from './files.queries';

// What the authorization table (src/authorization.test.ts) needs to call the files area's routes:
// fresh files for each call, so that a DELETE of one caller never removes another caller's target.

/** The upload key the table's signed-out calls send. */
export const authzUploadKey = 'authorization-table-browser';

/** A one-file multipart body and its headers (plus `headers`), as the table's request parts. */
export function smallUpload(headers: Record<string, string> = {}): { body: Buffer; headers: Record<string, string> } {
  const { payload, headers: multipart } = multipartOf([{ filename: 'nota.txt', data: 'nota' }]);
  return { body: payload, headers: { ...multipart, ...headers } };
}

/** A fresh post of teacher A to parent A, with one file in its block-1. */
export async function blockFileOfTeacherA(w: World, t: TestApp): Promise<{ id: number; block: string; fileId: number; url: string }> {
  const post = await publishPost(t, w.teacherA, [w.parentA], { title: 'Con archivos' });
  const folder = `posts/${post.id}/resources/files/block-1`;
  const [file] = (await uploadTo(t, w.school.code, w.teacherA, folder, [{ filename: 'nota.txt', data: 'nota' }])).json();
  return { id: post.id, block: 'block-1', fileId: file.id, url: file.url };
}

/** A fresh upload of `person` to their own folder. */
export async function uploadOf(person: TestPerson, t: TestApp): Promise<{ id: number; fileId: number }> {
  const [file] = (await uploadTo(t, person.org.code, person, `people/${person.id}/uploads`, [{ filename: 'mio.txt', data: 'mío' }])).json();
  return { id: person.id, fileId: file.id };
}

/**
 * A fresh signed-out file of the table's upload key, written straight to the database and storage:
 * through HTTP the table's many calls would exceed the per-network limit of signed-out uploads.
 */
export async function anonFileOfWorld(w: World, t: TestApp): Promise<{ fileId: number }> {
  const storageKey = `files/${w.school.id}/authz-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  await t.app.patio.storage.put(storageKey, Buffer.from('anónimo'));
  const [row] = await insertFiles(t.db, w.school.id, [
    {
      folder: 'people/anon/uploads',
      post_id: null,
      owner_id: null,
      anon_key: createHash('sha256').update(authzUploadKey).digest('hex'),
      name: 'anon.txt',
      title: 'anon.txt',
      mimetype: 'text/plain',
      size: Buffer.byteLength('anónimo'),
      storage_key: storageKey,
      thumbnail_key: null,
      preview_key: null,
      large_key: null,
      width: null,
      height: null,
      created_at: new Date().toISOString(),
    },
  ]);
  return { fileId: row.id };
}

/** The path params and query of a fresh signed address of a files block's file. */
export async function signedAddressParts(w: World, t: TestApp): Promise<{ params: Record<string, string | number>; query: string }> {
  const { url } = await blockFileOfTeacherA(w, t);
  const [path, search] = url.split('?');
  const [, fileId, variant] = path.match(/\/files\/(\d+)\/(\w+)$/)!;
  return { params: { fileId, variant }, query: `?${search}` };
}
