import type { Database } from '../../db/database';
import { scopedToOrg } from '../../db/scope';
import type { StubFolder } from '../../db/types-posts';

// Moves and marks touch only the caller's own stubs (index stubs(org_id, person_id, thread_id)).

/** Of `threadIds`, those the person holds a stub of. */
export async function findOwnThreadIds(db: Database, orgId: number, personId: number, threadIds: readonly number[]): Promise<Set<number>> {
  if (threadIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('stubs')
    .select('thread_id')
    .distinct()
    .where(scopedToOrg(orgId))
    .where('person_id', '=', personId)
    .where('thread_id', 'in', threadIds)
    .execute();
  return new Set(rows.map((r) => r.thread_id));
}

/** Puts every stub the person holds of these threads in `folder`. */
export async function moveStubs(db: Database, orgId: number, personId: number, threadIds: readonly number[], folder: StubFolder): Promise<void> {
  await db.updateTable('stubs').set({ folder }).where(scopedToOrg(orgId)).where('person_id', '=', personId).where('thread_id', 'in', threadIds).execute();
}

/** Marks the person's unread stubs of these threads read at `now`; answers how many changed. */
export async function markStubsRead(db: Database, orgId: number, personId: number, threadIds: readonly number[], now: string): Promise<number> {
  const result = await db
    .updateTable('stubs')
    .set({ read_date: now })
    .where(scopedToOrg(orgId))
    .where('person_id', '=', personId)
    .where('thread_id', 'in', threadIds)
    .where('read_date', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Marks each thread unread again through its latest stub only: the thread shows one unread post,
 * as a mail client shows a conversation marked unread, not every post it ever held.
 */
export async function markLatestStubsUnread(db: Database, orgId: number, personId: number, threadIds: readonly number[]): Promise<void> {
  await db
    .updateTable('stubs')
    .set({ read_date: null })
    .where(scopedToOrg(orgId))
    .where('person_id', '=', personId)
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('stubs as latest')
        .select((inner) => inner.fn.max('latest.id').as('id'))
        .where('latest.org_id', '=', orgId)
        .where('latest.person_id', '=', personId)
        .where('latest.thread_id', 'in', threadIds)
        .groupBy('latest.thread_id'),
    )
    .execute();
}
