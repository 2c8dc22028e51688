import type { Database } from '../database';
import { scopedToOrg } from '../scope';
import { notAnUnapprovedRegistrant } from '../../policy/registrants.sql';

/** Every person of the school but unapproved registrants: the demo's announcements go to the whole school. */
export async function findAllPersonIds(db: Database, orgId: number): Promise<number[]> {
  const rows = await db.selectFrom('people').select('people.id').where(scopedToOrg(orgId, 'people')).where(notAnUnapprovedRegistrant(orgId)).orderBy('people.id').execute();
  return rows.map((r) => r.id);
}

/** Marks some stubs of a post read, so the demo's receipts are not all empty. */
export async function markStubsRead(db: Database, orgId: number, postId: number, personIds: number[], at: string): Promise<void> {
  if (personIds.length === 0) return;
  await db.updateTable('stubs').set({ read_date: at }).where(scopedToOrg(orgId)).where('post_id', '=', postId).where('person_id', 'in', personIds).execute();
}
