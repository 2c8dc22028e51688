import type { Database } from '../../db/database';
import type { Caller } from '../../policy/policy';
import { findCallerReach } from '../nodes/index';
import type { CalendarEventRecord } from './calendar.types';

// Who writes on a node's calendar (issue 11): administrators, and the teachers, substitute teachers
// and group directors of that node or of a node above it. A post's event is changed with its post,
// an imported one by its source's next import: neither is edited here.

/** The caller may add events to the calendar of `nodeId`. */
export async function mayWriteOnNode(db: Database, caller: Caller, nodeId: number): Promise<boolean> {
  if (caller.isAdmin) return true;
  return (await findCallerReach(db, caller)).teachingNodeIds.has(nodeId);
}

/** The caller may change or delete this event: a node event of theirs, or one on a calendar they write on. */
export async function mayEditEvent(db: Database, caller: Caller, event: CalendarEventRecord): Promise<boolean> {
  if (event.postId !== null || event.sourceId !== null || event.nodeId === null) return false;
  return event.authorId === caller.id || (await mayWriteOnNode(db, caller, event.nodeId));
}
