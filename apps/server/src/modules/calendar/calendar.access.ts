import type { Database } from '../../db/database';
import type { ResourceAccess } from '../../policy/access';
import { canSee } from '../../policy/access';
import type { Caller } from '../../policy/policy';
import { postAccess, postFilter } from '../posts/index';
import { eventFilter, findEventAccessRows } from './calendar.access.sql';
import { findCalendarReach, seesNodeCalendar, seesSourceCalendar } from './calendar.reach';

// Who sees an event (decision 007 form; docs/decisions/014-calendar-events-and-who-sees-them.md).
// What it hangs on decides: a post's event is for the post's readers once it is published (the posts
// area's postAccess); an imported event for those who see its source's calendar; a node event for
// those who see that node's calendar, and its author. Deleted events are nobody's.

export const eventAccess: ResourceAccess<'event'> = {
  kind: 'event',
  async visible(db, caller, ids) {
    const seen = new Set<number>();
    if (ids.length === 0) return seen;
    const reach = await findCalendarReach(db, caller);
    if (!reach.approved) return seen;
    const rows = (await findEventAccessRows(db, caller.orgId, ids)).filter((r) => r.deleted === 0);
    const onPosts = rows.filter((r) => r.post_id !== null && r.post_status === 'published');
    const readable = await postAccess.visible(db, caller, onPosts.map((r) => r.post_id!));
    for (const row of rows) {
      if (row.post_id !== null) {
        if (row.post_status === 'published' && readable.has(row.post_id)) seen.add(row.id);
      } else if (row.source_id !== null) {
        if (row.source_found !== null && row.source_deleted === 0 && seesSourceCalendar(reach, row.source_node_id)) seen.add(row.id);
      } else if (row.author_id === caller.id || seesNodeCalendar(reach, row.node_id)) {
        seen.add(row.id);
      }
    }
    return seen;
  },
  async filter(db, caller) {
    return eventFilter(caller, await findCalendarReach(db, caller), postFilter(caller));
  },
};

/** One event through eventAccess. */
export function canSeeEvent(db: Database, caller: Caller, eventId: number): Promise<boolean> {
  return canSee(eventAccess, db, caller, eventId);
}
