import type { Database } from '../../db/database';
import type { RequestContext } from '../../http/context';
import { defineJob, type JobEnqueuer } from '../../platform/jobs/jobs';
import { enqueuePersonalNotice, type PersonalNotice } from '../notifications/index';
import { findOrgById } from '../org/index';
import { timeZoneOf } from '../settings/index';
import { insertReminders } from './classroom.notices.queries';
import { type ClassroomPostRow, findClassroomPost, findGroup, findStudentsOf, findSubmissions } from './classroom.queries';
import { taskPath } from './classroom.paths';
import { plainTitle } from './classroom.text';

// What the classroom tells a student through the notifications area's personal notices (decision 018),
// on their channels and settings (issue 35; docs/decisions/031-classroom.md):
// - returned: queued in the review's transaction when a submission becomes returned, so only the
//   request that changed it tells (returning it again without a new turn-in tells nobody);
// - due soon: one job per task and due date, queued when the task is published to run 24 h before its
//   due date, reminds every current student of the group who has not turned it in (a turn-in, late or
//   returned, counts). Each student's reminder is marked in classroom_reminders in the same
//   transaction as its notice, so a rerun or a second worker reminds nobody twice. A task published
//   less than 24 h before its due date gets no reminder: the notification of the new post, sent
//   that moment, already tells the students.

export const REMINDER_LEAD_MS = 24 * 3600_000;

export interface ReminderPayload {
  orgId: number;
  /** The task's post. */
  postId: number;
}

function noticeOf(kind: 'classroom_returned' | 'classroom_due_soon', orgId: number, studentId: number, task: ClassroomPostRow, extra: { group: string; timeZone: string; grade: number | null; key: string }): PersonalNotice {
  return {
    orgId,
    personId: studentId,
    kind,
    key: extra.key,
    values: { title: plainTitle(task.title), group: plainTitle(extra.group), dueDate: task.due_date, timeZone: extra.timeZone, grade: extra.grade, points: task.points === null ? null : Number(task.points) },
    path: taskPath(studentId, task.node_id, task.post_id),
    data: { postId: task.post_id, groupId: task.node_id },
  };
}

/**
 * Tells the student their work was returned: call it in the review's transaction, only when this
 * request made the submission returned. `grade` as the submission holds it now.
 */
export async function noticeReturned(trx: Database, ctx: RequestContext, task: ClassroomPostRow, studentId: number, grade: number | null, now: string): Promise<void> {
  const group = (await findGroup(trx, ctx.org.id, task.node_id))?.name ?? '';
  const notice = noticeOf('classroom_returned', ctx.org.id, studentId, task, { group, timeZone: timeZoneOf(ctx.org.settings), grade, key: `classroom_returned:${task.post_id}:${now}` });
  await enqueuePersonalNotice(trx, ctx.services.jobs, notice);
}

export const classroomReminderJob = defineJob<ReminderPayload>({
  kind: 'classroom.reminder',
  async handle({ orgId, postId }, ctx) {
    await remindStudents(ctx.db, ctx.jobs, orgId, postId, new Date());
  },
  summarize: () => ({ topic: 'classroom_reminder' }),
});

/**
 * Queues the reminder of a task (in the transaction that publishes it), keyed by task and due date so
 * it exists once: nothing for a task without a due date or due within 24 h of `now`.
 */
export async function scheduleReminder(db: Database, jobs: JobEnqueuer, orgId: number, postId: number, dueDate: string | null, now: Date): Promise<void> {
  if (dueDate === null) return;
  const runAt = Date.parse(dueDate) - REMINDER_LEAD_MS;
  if (!(runAt > now.getTime())) return;
  await jobs.enqueue(db, classroomReminderJob, { orgId, postId }, { orgId, key: `classroom.reminder:${orgId}:${postId}:${dueDate}`, runAt: new Date(runAt) });
}

/**
 * The reminder job's work at `now`: the task's current students who have not turned it in, each
 * reminded once. A task gone, no longer a task or already due reminds nobody; one whose due date moved
 * later since the job was queued queues the reminder of the new date instead. Answers the students
 * reminded by this run.
 */
export async function remindStudents(db: Database, jobs: JobEnqueuer, orgId: number, postId: number, now: Date): Promise<number[]> {
  const task = await findClassroomPost(db, orgId, postId);
  if (!task || task.kind !== 'task' || task.due_date === null) return [];
  const due = Date.parse(task.due_date);
  if (now.getTime() >= due) return [];
  if (now.getTime() < due - REMINDER_LEAD_MS) {
    await scheduleReminder(db, jobs, orgId, postId, task.due_date, now);
    return [];
  }
  const students = await findStudentsOf(db, orgId, task.node_id);
  const done = new Set((await findSubmissions(db, orgId, [task.id])).filter((s) => s.status !== 'assigned').map((s) => s.student_id));
  // In id order, so parallel runs take the rows' locks in one order.
  const waiting = students.map((s) => s.id).filter((id) => !done.has(id)).sort((a, b) => a - b);
  if (waiting.length === 0) return [];
  const group = (await findGroup(db, orgId, task.node_id))?.name ?? '';
  const timeZone = timeZoneOf((await findOrgById(db, orgId))?.settings ?? {});
  return db.transaction().execute(async (trx) => {
    const marked = await insertReminders(trx, orgId, task.id, waiting, now.toISOString());
    for (const studentId of marked) {
      await enqueuePersonalNotice(trx, jobs, noticeOf('classroom_due_soon', orgId, studentId, task, { group, timeZone, grade: null, key: `classroom_due_soon:${task.post_id}` }));
    }
    return marked;
  });
}
