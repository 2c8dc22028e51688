import { ZMembershipRole } from '@patio/core';
import type { Database } from '../../db/database';
import { memoised } from '../../policy/caller-memo';
import type { Caller } from '../../policy/policy';
import { findUnapprovedRegistrantIds } from '../../policy/registrants.sql';
import { findCallerReach, findNodeIdsOf, findNodes, type NodeRow } from '../nodes/index';

// Whose calendars a caller sees (docs/decisions/014-calendar-events-and-who-sees-them.md): the
// calendar of a node is for everyone in its subtree and their families, so a person sees the
// calendars of the nodes they (or their children) belong to and of every node above those; staff
// also see the calendars inside their reach (the subtrees they teach or work in); administrators and
// school-wide staff see every calendar. A registration short of approved sees none.

export interface CalendarReach {
  /** The caller is no unapproved registrant: anything at all may be shown to them. */
  approved: boolean;
  /** Every node's calendar (administrators and school-wide staff). */
  everyNode: boolean;
  /** The node calendars seen when not everyNode. */
  nodeIds: Set<number>;
  /** The nodes on the caller's own path: their and their children's nodes and every node above them. */
  ownPath: Set<number>;
  /** The school's tree, in display order. */
  tree: NodeRow[];
}

/** The nodes above `ids` and `ids` themselves. */
function withAncestors(tree: NodeRow[], ids: Iterable<number>): Set<number> {
  const parentOf = new Map(tree.map((n) => [n.id, n.parent_id]));
  const out = new Set<number>();
  for (const id of ids) {
    let at: number | null | undefined = id;
    // The tree is shallow and refuses cycles; the bound only guards against a damaged one.
    for (let depth = 0; at !== null && at !== undefined && parentOf.has(at) && !out.has(at) && depth < 64; depth++) {
      out.add(at);
      at = parentOf.get(at);
    }
  }
  return out;
}

/** The caller's calendar reach, computed once per request. */
export function findCalendarReach(db: Database, caller: Caller): Promise<CalendarReach> {
  return memoised(caller, 'calendar:reach', async () => {
    const tree = await findNodes(db, caller.orgId);
    const nowhere: CalendarReach = { approved: false, everyNode: false, nodeIds: new Set(), ownPath: new Set(), tree };
    if ((await findUnapprovedRegistrantIds(db, caller.orgId, [caller.id])).has(caller.id)) return nowhere;
    const own = await findNodeIdsOf(db, caller.orgId, [caller.id, ...caller.childIds], ZMembershipRole.options);
    const ownPath = withAncestors(tree, own);
    if (caller.isAdmin || caller.isSchoolWide) return { approved: true, everyNode: true, nodeIds: new Set(tree.map((n) => n.id)), ownPath, tree };
    const staff = (await findCallerReach(db, caller)).staffNodeIds;
    return { approved: true, everyNode: false, nodeIds: new Set([...ownPath, ...staff]), ownPath, tree };
  });
}

/** Whether the caller sees the calendar of `nodeId` (a node of another school, or of none, is never seen). */
export function seesNodeCalendar(reach: CalendarReach, nodeId: number | null): boolean {
  return nodeId !== null && reach.nodeIds.has(nodeId);
}

/** Whether the caller sees a source's calendar: its node's, or the school's when it has none. */
export function seesSourceCalendar(reach: CalendarReach, sourceNodeId: number | null): boolean {
  return reach.approved && (sourceNodeId === null || reach.nodeIds.has(sourceNodeId));
}
