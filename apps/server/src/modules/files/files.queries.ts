import type { Selectable } from 'kysely';
import type { Database } from '../../db/database';
import { scopedToOrg } from '../../db/scope';
import type { FileTable } from '../../db/types-blocks';

// The files table: one row per stored file, in the folder of its API path (migration 013).

export type FileRow = Selectable<FileTable>;
export type NewFileRow = Omit<FileRow, 'id' | 'org_id' | 'deleted_at'>;

/** The author and status of a post of the school, which decide who writes to its files blocks. */
export async function findPostForFiles(db: Database, orgId: number, postId: number) {
  return db.selectFrom('posts').select(['author_id', 'status']).where(scopedToOrg(orgId)).where('id', '=', postId).executeTakeFirst();
}

/** The folder's files that are not deleted, oldest or newest first; `anonKey` narrows the signed-out folder to one browser's files. */
export async function listFolderFiles(
  db: Database,
  orgId: number,
  folder: string,
  options: { newestFirst: boolean; anonKey?: string; createdAfter?: string },
): Promise<FileRow[]> {
  let query = db.selectFrom('files').selectAll().where(scopedToOrg(orgId)).where('folder', '=', folder).where('deleted_at', 'is', null);
  if (options.anonKey !== undefined) query = query.where('anon_key', '=', options.anonKey);
  if (options.createdAfter !== undefined) query = query.where('created_at', '>', options.createdAfter);
  return query.orderBy('id', options.newestFirst ? 'desc' : 'asc').execute();
}

/** One file of a folder, deleted ones included (the service decides what a deleted file still allows). */
export async function findFolderFile(db: Database, orgId: number, folder: string, fileId: number): Promise<FileRow | undefined> {
  return db.selectFrom('files').selectAll().where(scopedToOrg(orgId)).where('folder', '=', folder).where('id', '=', fileId).executeTakeFirst();
}

/** A file of the school that is not deleted, whatever its folder (signed addresses name only the file). */
export async function findLiveFile(db: Database, orgId: number, fileId: number): Promise<FileRow | undefined> {
  return db.selectFrom('files').selectAll().where(scopedToOrg(orgId)).where('id', '=', fileId).where('deleted_at', 'is', null).executeTakeFirst();
}

/** Inserts the files of one upload in one statement; answers them in upload order. */
export async function insertFiles(db: Database, orgId: number, rows: NewFileRow[]): Promise<FileRow[]> {
  const inserted = await db
    .insertInto('files')
    .values(rows.map((row) => ({ ...row, org_id: orgId })))
    .returningAll()
    .execute();
  return inserted.sort((a, b) => a.id - b.id);
}

/** Renames and/or soft-deletes a file that is not deleted yet; undefined when there is none. */
export async function updateLiveFile(
  db: Database,
  orgId: number,
  folder: string,
  fileId: number,
  change: { title?: string; deleted_at?: string },
): Promise<FileRow | undefined> {
  return db
    .updateTable('files')
    .set(change)
    .where(scopedToOrg(orgId))
    .where('folder', '=', folder)
    .where('id', '=', fileId)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** Deletes a file's row (deleted or not); answers it, so its bytes can go too. */
export async function deleteFileRow(db: Database, orgId: number, folder: string, fileId: number): Promise<FileRow | undefined> {
  return db.deleteFrom('files').where(scopedToOrg(orgId)).where('folder', '=', folder).where('id', '=', fileId).returningAll().executeTakeFirst();
}

/** Up to `limit` signed-out uploads of the school created before `before`. */
export async function findExpiredAnonFiles(db: Database, orgId: number, folder: string, before: string, limit: number): Promise<FileRow[]> {
  return db
    .selectFrom('files')
    .selectAll()
    .where(scopedToOrg(orgId))
    .where('folder', '=', folder)
    .where('created_at', '<=', before)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function deleteFileRows(db: Database, orgId: number, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('files').where(scopedToOrg(orgId)).where('id', 'in', ids).execute();
}
