import type { Database } from '../../db/database';
import { scopedToOrg } from '../../db/scope';

/** The person's avatar column (undefined: no such person in the school). */
export async function findAvatar(db: Database, orgId: number, personId: number): Promise<string | null | undefined> {
  const row = await db.selectFrom('people').select('avatar').where(scopedToOrg(orgId)).where('id', '=', personId).executeTakeFirst();
  return row?.avatar;
}

/**
 * Sets the avatar only if it still is `expected` (compare-and-set): of two concurrent uploads, the
 * one that read a value another already replaced does not win, so it knows to delete its own files.
 */
export async function swapAvatar(db: Database, orgId: number, personId: number, expected: string | null, next: string | null): Promise<boolean> {
  const result = await db
    .updateTable('people')
    .set({ avatar: next })
    .where(scopedToOrg(orgId))
    .where('id', '=', personId)
    .where((eb) => (expected === null ? eb('avatar', 'is', null) : eb('avatar', '=', expected)))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
