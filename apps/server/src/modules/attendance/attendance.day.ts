import { type AttendanceDay, type AttendanceType, formatPersonName } from '@patio/core';
import type { RequestContext } from '../../http/context';
import { requireCaller } from '../../http/school-scope';
import { isClassType } from '../nodes/index';
import { attendanceReportAccess } from './attendance.access';
import { ensureCheckpoints, toCheckpoint } from './attendance.checkpoints';
import { todayAt } from './attendance.days';
import { countNodeStudents, findAllCheckpoints, findNames, findNodesWithTypes, findRecordsOn } from './attendance.queries';
import { inTreeOrder } from './attendance.tree';

// GET attendance/day: /attendance/admin's list of the day. A node is on it when it has a checkpoint
// or is a class with current students (its checkpoint is made then), within the caller's reach.

export async function getAttendanceDay(ctx: RequestContext, date: string | undefined): Promise<AttendanceDay> {
  const caller = requireCaller(ctx);
  const orgId = ctx.org.id;
  const day = date ?? todayAt(ctx.org);
  const [nodes, students, existing, records] = await Promise.all([
    findNodesWithTypes(ctx.db, orgId),
    countNodeStudents(ctx.db, orgId),
    findAllCheckpoints(ctx.db, orgId),
    findRecordsOn(ctx.db, orgId, day),
  ]);
  const reach = await attendanceReportAccess.visible(ctx.db, caller, nodes.map((n) => n.id));
  const withCheckpoint = new Set(existing.map((c) => c.node_id));
  const listed = inTreeOrder(nodes).filter((n) => reach.has(n.id) && (withCheckpoint.has(n.id) || (isClassType(n.type_key) && (students.get(n.id) ?? 0) > 0)));
  const checkpoints = await ensureCheckpoints(ctx.db, orgId, listed);
  const missing = records.filter((r) => r.type === 'absent' || r.type === 'late');
  const names = new Map((await findNames(ctx.db, orgId, missing.map((r) => r.person_id))).map((p) => [p.id, formatPersonName({ firstName: p.first_name, lastName: p.last_name, lastName2: p.last_name2 })]));
  return {
    date: day,
    checkpoints: listed.map((node) => {
      const own = records.filter((r) => r.node_id === node.id);
      const gone = missing.filter((r) => r.node_id === node.id).sort((a, b) => (names.get(a.person_id) ?? '').localeCompare(names.get(b.person_id) ?? '', 'es'));
      return {
        checkpoint: toCheckpoint(checkpoints.get(node.id)!, node),
        taken: own.length > 0,
        students: students.get(node.id) ?? 0,
        absent: own.filter((r) => r.type === 'absent').length,
        late: own.filter((r) => r.type === 'late').length,
        missing: gone.map((r) => ({ person: { id: r.person_id, name: names.get(r.person_id) ?? '' }, type: r.type as AttendanceType, note: r.note })),
      };
    }),
  };
}
