import type { Database } from '../../db/database';
import { canSee, type ResourceAccess } from '../../policy/access';
import type { Caller } from '../../policy/policy';
import { findCallerReach } from '../nodes/index';
import { everyNode, nodeIn } from './attendance.access.sql';
import { findNodeIdsIn } from './attendance.queries';

// Whose attendance a caller takes and reads (issue 15; docs/decisions/021-attendance.md; decision 007
// form), over node ids. The roll of a node: administrators and school-wide employees everywhere;
// teachers, substitute teachers and group directors on the nodes they teach and every node below;
// employees of a node (a section's coordinator) on its subtree; a driver on the routes they drive (a
// bus checkpoint). Reports and the day's overview: administrators, school-wide employees and the
// subtrees a caller teaches or is an employee of; driving a route alone does not grant them.
// Families, students and everyone else: no node.

/** The nodes a caller reaches, or null for every node of their school. */
type Reach = (db: Database, caller: Caller) => Promise<Set<number> | null>;

function accessOn<Kind extends string>(kind: Kind, reach: Reach): ResourceAccess<Kind> {
  return {
    kind,
    async visible(db, caller, ids) {
      const wanted = [...new Set(ids)];
      if (wanted.length === 0) return new Set<number>();
      const reached = await reach(db, caller);
      if (reached === null) return new Set(await findNodeIdsIn(db, caller.orgId, wanted));
      return new Set(wanted.filter((id) => reached.has(id)));
    },
    async filter(db, caller) {
      const reached = await reach(db, caller);
      return reached === null ? everyNode : nodeIn([...reached]);
    },
  };
}

const isSchoolStaff = (caller: Caller) => caller.isAdmin || caller.isSchoolWide;

/** The nodes whose roll the caller reads and takes (and whose checkpoint they change). */
export const rollAccess = accessOn('roll', async (db, caller) => {
  if (isSchoolStaff(caller)) return null;
  return new Set([...caller.routeIds, ...(await findCallerReach(db, caller)).staffNodeIds]);
});

/** The nodes whose attendance the caller reads in reports and the day's overview. */
export const attendanceReportAccess = accessOn('attendanceReport', async (db, caller) => {
  if (isSchoolStaff(caller)) return null;
  return (await findCallerReach(db, caller)).staffNodeIds;
});

/** The caller may read and take the roll of `nodeId` (and change its checkpoint). */
export function takesRollOf(db: Database, caller: Caller, nodeId: number): Promise<boolean> {
  return canSee(rollAccess, db, caller, nodeId);
}

/** Reports and the day's overview over several nodes: school-wide staff, or staff of some subtree. */
export function readsAttendanceReports(caller: Caller): boolean {
  return isSchoolStaff(caller) || caller.teachingNodeIds.length > 0 || caller.employeeNodeIds.length > 0;
}
