import { z } from 'zod';
import { notFound } from '../../http/errors';
import { definePolicy, type PolicyContext, zId } from '../../policy/policy';
import { readsAttendanceReports, takesRollOf } from './attendance.access';
import { findNodeWithType } from './attendance.queries';

// Who may call the attendance routes (issue 15; docs/decisions/021-attendance.md). A node of no school
// of the caller's answers 404; a node whose roll the caller does not take 403. Unapproved registrants
// are refused before any of these run (the policies are not `registrants`).

const byNode = z.object({ nodeId: zId });

/** The node's teachers, group directors, staff with reach and the drivers of a route (rollAccess). */
const takesRoll = async ({ caller, db, org, params }: PolicyContext<{ nodeId: number }>) => {
  if (!(await findNodeWithType(db, org.id, params.nodeId))) throw notFound('There is no such group');
  return takesRollOf(db, caller!, params.nodeId);
};

const readsReports = ({ caller }: PolicyContext<unknown>) => caller !== null && readsAttendanceReports(caller);

export const attendancePolicies = {
  readRoll: definePolicy({ method: 'GET', path: 'attendance/checkpoints/:nodeId/log', params: byNode, check: takesRoll }),
  markRoll: definePolicy({ method: 'POST', path: 'attendance/checkpoints/:nodeId/log', params: byNode, check: takesRoll }),
  updateCheckpoint: definePolicy({ method: 'PUT', path: 'attendance/checkpoints/:nodeId', params: byNode, check: takesRoll }),
  /** A scanned ID card marks its holder on the roll: whoever takes the roll (issue 36 §3). */
  scan: definePolicy({ method: 'POST', path: 'attendance/checkpoints/:nodeId/scan', params: byNode, check: takesRoll }),
  /** Reports and the day: staff with reach; a `node` outside it is checked by the service (403/404). */
  readReport: definePolicy({ method: 'GET', path: 'attendance/reports', check: readsReports }),
  readReportCsv: definePolicy({ method: 'GET', path: 'attendance/reports.csv', check: readsReports }),
  readDay: definePolicy({ method: 'GET', path: 'attendance/day', check: readsReports }),
};
