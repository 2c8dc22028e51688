import { addDays, midnightOf } from '@patio/core/calendar/times';
import { countStudentsByGroup, countTasksDueByGroup, findTaughtGroups } from '../../classroom/index';
import { findNodes, subtreeIds } from '../../nodes/index';
import type { Figure } from './figure';

// Classroom completion per group (issue 36 §2), as the teaching dashboard (GET teaching/{id}) counts
// it: of the published tasks already due, the (task, current student) pairs handed in (turned in, late
// or returned); a task still ahead is not missing yet, so a period reaching past today counts only up
// to now. Whose groups: a group's classroom is its teachers' and the administrators' (classroom.access
// managesGroup), so administrators see every group with tasks due in the period, a teacher (substitute,
// group director) the groups they teach — each of them, with or without tasks — and anyone else none.

const isoOf = (epochSeconds: number) => new Date(epochSeconds * 1000).toISOString();

export const classroomCompletionFigure: Figure<'classroomCompletion'> = async (ctx, request) => {
  const orgId = ctx.org.id;
  const nodes = await findNodes(ctx.db, orgId);
  const inFilter = request.node === null ? null : new Set(subtreeIds(nodes, request.node.id));
  const taught = ctx.caller.isAdmin ? null : (await findTaughtGroups(ctx.db, orgId, ctx.caller.id)).map((g) => g.id).filter((id) => !inFilter || inFilter.has(id));
  const candidates = taught ?? (inFilter ? [...inFilter] : null);

  const start = isoOf(midnightOf(request.from, request.timeZone));
  const end = isoOf(Math.min(midnightOf(addDays(request.to, 1), request.timeZone), Math.floor(Date.now() / 1000)));
  const due = start < end ? await countTasksDueByGroup(ctx.db, orgId, candidates, start, end) : new Map<number, { tasks: number; handedIn: number }>();
  const shown = new Set(taught ?? due.keys());
  const students = await countStudentsByGroup(ctx.db, orgId, [...shown]);

  const groups = nodes
    .filter((n) => shown.has(n.id))
    .map((n) => {
      const { tasks, handedIn } = due.get(n.id) ?? { tasks: 0, handedIn: 0 };
      const studentCount = students.get(n.id) ?? 0;
      const pairs = tasks * studentCount;
      return { node: { id: n.id, name: n.name }, tasks, students: studentCount, handedIn, rate: pairs === 0 ? null : Math.min(1, handedIn / pairs) };
    });
  return { kind: 'classroomCompletion', from: request.from, to: request.to, node: request.node, groups };
};
