import { join } from 'node:path';
import { hashPassword } from '../modules/auth/password';
import { LocalDiskStorage } from '../platform/storage/local-disk';
import type { MigrationDb } from './migrations/schema-helpers';

// Data as an older version of Patio wrote it, for the tests of upgrades (db/upgrade.test.ts) and of
// restoring an older backup (cli/operations.test.ts).

/** The schema level those tests start from. */
export const OLD_LEVEL = '015-notifications';

/** The bytes of the parent's uploaded file. */
export const OLD_FILE_TEXT = 'boletín de marzo';

/**
 * A school as the code of migration 015's day wrote it, in plain SQL: an administrator, a teacher and a
 * parent (with the search and sort keys of their day), a circular from the teacher to the parent, the
 * parent's reply in the same thread, and a file in the parent's uploads (its bytes in DATA_DIR/files).
 */
export async function fillAtOldLevel(db: MigrationDb, dataDir: string) {
  const at = '2026-03-02T13:00:00.000Z';
  const password = 'girasoles del patio 2026';
  const passwordHash = await hashPassword(password);
  const org = await db.insertInto('orgs').values({ code: 'antiguo', title: 'Colegio Antiguo', settings: '{}', created_at: at }).returning('id').executeTakeFirstOrThrow();
  const person = async (username: string, first: string, last: string, isAdmin = 0) =>
    (
      await db
        .insertInto('people')
        .values({
          org_id: org.id, username, password_hash: passwordHash, first_name: first, last_name: last, gender: 'female', language: 'es',
          is_admin: isAdmin, created_at: at, search_key: `${first}|${last}||`.toLowerCase().normalize('NFD').replace(/\p{M}/gu, ''),
          sort_key: `${last}\t\t${first}`.toLowerCase().normalize('NFD').replace(/\p{M}/gu, ''),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  await person('rectora', 'Rosa', 'Rectora', 1);
  const teacherId = await person('profe.teresa', 'Teresa', 'Tutora');
  const parentId = await person('mama.lopez', 'Lucía', 'López');

  const threadId = (await db.insertInto('threads').values({ org_id: org.id, first_post_id: null, created_at: at }).returning('id').executeTakeFirstOrThrow()).id;
  const post = (values: { author: number; title: string; description: string; audience: number[]; replyTo: number | null }) =>
    db
      .insertInto('posts')
      .values({
        org_id: org.id, thread_id: threadId, author_id: values.author, type: 'circular', title: values.title, description: values.description,
        status: 'published', audience: JSON.stringify({ people: values.audience }), audience_count: values.audience.length, reply_to_id: values.replyTo,
        replies: 'author', publish_date: at, created_at: at, updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  const postId = (await post({ author: teacherId, title: 'Salida al museo', description: '<p>El viernes vamos al museo.</p>', audience: [parentId], replyTo: null })).id;
  await db.updateTable('threads').set({ first_post_id: postId }).where('org_id', '=', org.id).where('id', '=', threadId).execute();
  const replyId = (await post({ author: parentId, title: '', description: '<p>Gracias, allí estaremos.</p>', audience: [teacherId], replyTo: postId })).id;
  await db
    .insertInto('stubs')
    .values([
      { org_id: org.id, person_id: parentId, post_id: postId, thread_id: threadId, folder: 'feed', delivered_at: at },
      { org_id: org.id, person_id: teacherId, post_id: replyId, thread_id: threadId, folder: 'feed', delivered_at: at },
    ])
    .execute();

  const storageKey = `files/${org.id}/0123456789abcdef0123456789abcdef`;
  const fileId = (
    await db
      .insertInto('files')
      .values({
        org_id: org.id, folder: `people/${parentId}/uploads`, owner_id: parentId, name: 'boletin.txt', title: 'boletin.txt', mimetype: 'text/plain',
        size: Buffer.byteLength(OLD_FILE_TEXT), storage_key: storageKey, created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await new LocalDiskStorage(join(dataDir, 'files')).put(storageKey, Buffer.from(OLD_FILE_TEXT));
  return { code: 'antiguo', password, teacherId, parentId, threadId, postId, replyId, fileId, storageKey };
}
