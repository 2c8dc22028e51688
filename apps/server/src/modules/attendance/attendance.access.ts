import type { Database } from '../../db/database';
import type { Caller } from '../../policy/policy';
import { findCallerReach } from '../nodes/index';

// Who takes a node's roll (issue 15; docs/decisions/021-attendance.md): administrators and school-wide
// employees everywhere; teachers, substitute teachers and group directors on the nodes they teach and
// every node below; employees of a node (a section's coordinator) on its subtree; a driver on the routes
// they drive (a bus checkpoint). Families, students and everyone else: no.

/** The caller may read and take the roll of `nodeId` (and change its checkpoint). */
export async function takesRollOf(db: Database, caller: Caller, nodeId: number): Promise<boolean> {
  if (caller.isAdmin || caller.isSchoolWide) return true;
  if (caller.routeIds.includes(nodeId)) return true;
  return (await findCallerReach(db, caller)).staffNodeIds.has(nodeId);
}

/** Reports and the day's overview over several nodes: school-wide staff, or staff of some subtree. */
export function readsAttendanceReports(caller: Caller): boolean {
  return caller.isAdmin || caller.isSchoolWide || caller.teachingNodeIds.length > 0 || caller.employeeNodeIds.length > 0;
}

/** The nodes whose attendance a caller may read in reports: null for every node of the school. */
export async function reportNodeIdsOf(db: Database, caller: Caller): Promise<Set<number> | null> {
  if (caller.isAdmin || caller.isSchoolWide) return null;
  return (await findCallerReach(db, caller)).staffNodeIds;
}
