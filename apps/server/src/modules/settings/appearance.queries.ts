import type { Database } from '../../db/database';
import { scopedToOrg } from '../../db/scope';

/**
 * A live file of the person's own uploads folder. The files table is read here rather than through
 * the files area: that area imports posts, which imports settings, so importing it would close a loop.
 */
export async function findOwnUpload(db: Database, orgId: number, personId: number, fileId: number) {
  return db
    .selectFrom('files')
    .select(['storage_key', 'size'])
    .where(scopedToOrg(orgId))
    .where('folder', '=', `people/${personId}/uploads`)
    .where('id', '=', fileId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}
