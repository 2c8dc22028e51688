import type { Teaching } from '@patio/core';
import type { RequestContext } from '../../http/context';
import { signedAvatarUrl } from '../people/index';
import {
  countStudentsByGroup,
  countSubmissionsByGroup,
  countTasksByGroup,
  findTaughtGroups,
  findUpcomingTasks,
  findWaitingSubmissions,
} from './classroom.teaching.queries';

// GET teaching/{personId} (issue 35 §2): a teacher's groups with their counts, the tasks due next and
// the review queue. Six queries whatever the number of groups and students (the counts are grouped
// in SQL). `missing` is never stored (decision 031): completion counts, of the tasks already due, the
// (task, current student) pairs handed in; every other pair of a due task is missing.

const UPCOMING_LIMIT = 50;
const REVIEW_LIMIT = 200;

/** The teaching dashboard of a person; someone who teaches nothing has empty lists. */
export async function readTeaching(ctx: RequestContext, personId: number): Promise<Teaching> {
  const now = new Date().toISOString();
  const groups = await findTaughtGroups(ctx.db, ctx.org.id, personId);
  const ids = groups.map((g) => g.id);
  if (ids.length === 0) return { groups: [], upcoming: [], toReview: [] };
  const students = await countStudentsByGroup(ctx.db, ctx.org.id, ids);
  const tasks = await countTasksByGroup(ctx.db, ctx.org.id, ids, now);
  const submissions = await countSubmissionsByGroup(ctx.db, ctx.org.id, ids, now);
  const upcoming = await findUpcomingTasks(ctx.db, ctx.org.id, ids, now, UPCOMING_LIMIT);
  const waiting = await findWaitingSubmissions(ctx.db, ctx.org.id, ids, REVIEW_LIMIT);
  return {
    groups: groups.map(({ id, name }) => {
      const studentCount = students.get(id) ?? 0;
      const taskCounts = tasks.get(id) ?? { tasks: 0, due: 0, nextDueDate: null };
      const submitted = submissions.get(id) ?? { toReview: 0, handedInDue: 0 };
      const pairs = taskCounts.due * studentCount;
      return {
        id,
        name,
        students: studentCount,
        tasks: taskCounts.tasks,
        toReview: submitted.toReview,
        completion: pairs === 0 ? null : Math.min(1, submitted.handedInDue / pairs),
        nextDueDate: taskCounts.nextDueDate,
      };
    }),
    upcoming: upcoming.map((row) => ({
      postId: row.post_id,
      groupId: row.node_id,
      groupName: row.node_name,
      title: row.title,
      dueDate: row.due_date ?? '',
      points: row.points === null ? null : Number(row.points),
      turnedIn: Number(row.turned_in ?? 0),
      students: students.get(row.node_id) ?? 0,
    })),
    toReview: waiting.map((row) => ({
      postId: row.post_id,
      groupId: row.node_id,
      groupName: row.node_name,
      title: row.title,
      points: row.points === null ? null : Number(row.points),
      dueDate: row.due_date,
      student: { id: row.student_id, firstName: row.first_name, lastName: row.last_name, lastName2: row.last_name2, avatar: signedAvatarUrl(ctx, row.avatar) },
      status: row.status === 'late' ? ('late' as const) : ('turned_in' as const),
      turnedInAt: row.turned_in_at ?? '',
    })),
  };
}
