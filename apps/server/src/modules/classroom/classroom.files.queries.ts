import type { Database } from '../../db/database';

// SQL of a submission's files (issue 35): which person's uploads folder holds a file. Scoped by org_id.

/**
 * The person whose uploads folder (people/{id}/uploads) holds the file, or null: no such file in the
 * school, or one of another folder. Deleted ones are answered too; serving them is the files area's call.
 */
export async function findUploadOwner(db: Database, orgId: number, fileId: number): Promise<number | null> {
  const row = await db.selectFrom('files').select(['owner_id', 'folder']).where('org_id', '=', orgId).where('id', '=', fileId).executeTakeFirst();
  if (!row || row.owner_id === null || row.folder !== `people/${row.owner_id}/uploads`) return null;
  return row.owner_id;
}
