import { type AttendanceReport, formatPersonName } from '@patio/core';
import { attendanceCsvTexts } from '@patio/core/i18n/attendance';
import type { RequestContext } from '../../http/context';
import { forbidden, notFound } from '../../http/errors';
import { requireCaller } from '../../http/school-scope';
import { tableFile, type SpreadsheetFormat, type TableFile } from '../../platform/spreadsheet/index';
import { canSee } from '../../policy/access';
import { attendanceReportAccess } from './attendance.access';
import { assertPeriod } from './attendance.days';
import { countMarks, findNames, findNodesWithTypes } from './attendance.queries';
import { inTreeOrder, subtreeOf } from './attendance.tree';

// GET attendance/reports and reports.csv: rates per student and group over a period, within the
// caller's reach (attendance.access.ts), narrowed to a node's subtree by `node`.

export interface ReportQuery {
  node?: number;
  from: string;
  to: string;
  page: number;
  limit: number;
}

interface Counts {
  present: number;
  absent: number;
  late: number;
  excused: number;
  rate: number | null;
}

const emptyCounts = (): Counts => ({ present: 0, absent: 0, late: 0, excused: 0, rate: null });

function add(counts: Counts, type: string, n: number): void {
  if (type === 'present' || type === 'absent' || type === 'late' || type === 'excused') counts[type] += n;
}

/** (present + late) ÷ every mark, or null without marks. */
function withRate(c: Counts): Counts {
  const total = c.present + c.absent + c.late + c.excused;
  return { ...c, rate: total === 0 ? null : (c.present + c.late) / total };
}

/** Every student line and group line of the report (not paged). */
async function buildReport(ctx: RequestContext, query: ReportQuery): Promise<AttendanceReport> {
  const caller = requireCaller(ctx);
  const orgId = ctx.org.id;
  assertPeriod(query.from, query.to);
  const nodes = inTreeOrder(await findNodesWithTypes(ctx.db, orgId));
  let scope: Set<number> | null = null;
  if (query.node !== undefined) {
    if (!nodes.some((n) => n.id === query.node)) throw notFound('There is no such group');
    if (!(await canSee(attendanceReportAccess, ctx.db, caller, query.node))) throw forbidden('forbidden', 'This group is out of your reach');
    scope = subtreeOf(nodes, query.node);
  }
  const reach = await attendanceReportAccess.filter(ctx.db, caller);
  const rows = await countMarks(ctx.db, orgId, scope && [...scope], reach, query.from, query.to);
  const perStudent = new Map<string, { personId: number; nodeId: number; counts: Counts }>();
  const perGroup = new Map<number, { students: Set<number>; counts: Counts }>();
  for (const row of rows) {
    const key = `${row.node_id}:${row.person_id}`;
    const line = perStudent.get(key) ?? { personId: row.person_id, nodeId: row.node_id, counts: emptyCounts() };
    add(line.counts, row.type, row.n);
    perStudent.set(key, line);
    const group = perGroup.get(row.node_id) ?? { students: new Set<number>(), counts: emptyCounts() };
    group.students.add(row.person_id);
    add(group.counts, row.type, row.n);
    perGroup.set(row.node_id, group);
  }
  const people = new Map((await findNames(ctx.db, orgId, [...perStudent.values()].map((l) => l.personId))).map((p) => [p.id, p]));
  const nameOf = (id: number) => {
    const p = people.get(id);
    return p ? formatPersonName({ firstName: p.first_name, lastName: p.last_name, lastName2: p.last_name2 }) : '';
  };
  const order = new Map(nodes.map((n, i) => [n.id, i]));
  const nodeRef = (id: number) => ({ id, name: nodes[order.get(id)!]?.name ?? '' });
  const students = [...perStudent.values()]
    .map((l) => ({ person: { id: l.personId, name: nameOf(l.personId) }, group: nodeRef(l.nodeId), ...withRate(l.counts) }))
    .sort((a, b) => order.get(a.group.id)! - order.get(b.group.id)! || a.person.name.localeCompare(b.person.name, 'es') || a.person.id - b.person.id);
  const groups = [...perGroup.entries()]
    .sort((a, b) => order.get(a[0])! - order.get(b[0])!)
    .map(([id, g]) => ({ node: nodeRef(id), students: g.students.size, ...withRate(g.counts) }));
  return { from: query.from, to: query.to, students, groups };
}

/** GET attendance/reports: the students' lines paged, every group's line. */
export async function getReport(ctx: RequestContext, query: ReportQuery): Promise<{ report: AttendanceReport; total: number }> {
  const report = await buildReport(ctx, query);
  const offset = (query.page - 1) * query.limit;
  return { report: { ...report, students: report.students.slice(offset, offset + query.limit) }, total: report.students.length };
}

/**
 * GET attendance/reports.csv: every student line as CSV or XLSX, titles in `lang`, which also picks
 * the CSV delimiter and the rate's decimal separator.
 */
export async function reportFile(
  ctx: RequestContext,
  query: ReportQuery & { lang?: keyof typeof attendanceCsvTexts },
  format: SpreadsheetFormat,
): Promise<TableFile> {
  const report = await buildReport(ctx, query);
  const language = query.lang ?? 'es';
  const t = attendanceCsvTexts[language];
  const percent = (rate: number | null) => (rate === null ? null : Math.round(rate * 1000) / 10);
  return tableFile(format, {
    stem: `${t.fileName}-${query.from}-${query.to}`,
    sheetName: t.fileName,
    header: [t.group, t.student, t.present, t.absent, t.late, t.excused, t.rate],
    rows: report.students.map((s) => [s.group?.name ?? '', s.person.name, s.present, s.absent, s.late, s.excused, percent(s.rate)]),
    language,
  });
}
