import { getReport } from '../../attendance/index';
import type { Figure } from './figure';

// Attendance rates per group over the period (issue 36 §2): the attendance area's own report, so a
// block shows exactly the groups its reports show the viewer — everything for administrators and
// school-wide employees, a teacher's or employee's subtrees for them — narrowed to the filter's
// subtree. A group appears once it has marks in the period.

interface Counts {
  present: number;
  absent: number;
  late: number;
  excused: number;
}

const rateOf = (c: Counts) => {
  const marks = c.present + c.absent + c.late + c.excused;
  return marks === 0 ? null : (c.present + c.late) / marks;
};

export const attendanceFigure: Figure<'attendance'> = async (ctx, request) => {
  // The students' lines are not shown: one of them is enough for the report to give every group's line.
  const { report } = await getReport(ctx, { node: request.node?.id, from: request.from, to: request.to, page: 1, limit: 1 });
  const total: Counts = { present: 0, absent: 0, late: 0, excused: 0 };
  const groups = report.groups.map((g) => {
    for (const key of ['present', 'absent', 'late', 'excused'] as const) total[key] += g[key];
    return { node: g.node, present: g.present, absent: g.absent, late: g.late, excused: g.excused, rate: g.rate };
  });
  return { kind: 'attendance', from: request.from, to: request.to, node: request.node, groups, total: { ...total, rate: rateOf(total) } };
};
