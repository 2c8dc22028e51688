import type { SubmissionInput, SubmissionLine, SubmissionReview, Submission } from '@patio/core';
import type { RequestContext } from '../../http/context';
import { badRequest, notFound } from '../../http/errors';
import { requireCaller } from '../../http/school-scope';
import { signedAvatarUrl } from '../people/index';
import { membershipIn } from './classroom.access';
import {
  ensureSubmission,
  findClassroomPost,
  findOwnUploads,
  findStudentsOf,
  findSubmissions,
  insertSubmissionChange,
  type SubmissionChange,
  updateSubmission,
} from './classroom.queries';
import { noticeReturned } from './classroom.reminders';
import { filesOf, statusOf, submissionOf } from './classroom.service';

// Turning work in and returning it (issue 35; docs/decisions/031-classroom.md). Every change is written
// with a line of history in one transaction, and only if the row still holds what was read: of 20
// identical parallel turn-ins, one turns it in and the others find it done (one row, one history line).

/** A task of the group, or 404; a material or announcement 400 `not_a_task`. */
async function requireTask(ctx: RequestContext, postId: number, nodeId?: number) {
  const row = await findClassroomPost(ctx.db, ctx.org.id, postId);
  if (!row || (nodeId !== undefined && row.node_id !== nodeId)) throw notFound('There is no such post in this group');
  if (row.kind !== 'task') throw badRequest('not_a_task', 'Only a task accepts submissions');
  return row;
}

/** PUT people/{studentId}/classroom/{groupId}/posts/{postId}/submission: the student (or, where the school allows it, a parent-like relative) saves or turns in the work; the history names who did. */
export async function saveSubmission(ctx: RequestContext, studentId: number, nodeId: number, postId: number, input: SubmissionInput): Promise<Submission> {
  const caller = requireCaller(ctx);
  const m = await membershipIn(ctx.db, ctx.org.id, studentId, nodeId);
  if (!m) throw notFound('There is no such group in your classroom');
  const task = await requireTask(ctx, postId, nodeId);
  if (m.role !== 'student') throw badRequest('not_a_student', 'Only a student of the group turns work in');
  if (input.files !== undefined) {
    const wanted = [...new Set(input.files)];
    // A relative turning work in (where the school allows it) attaches their own uploads or the student's.
    const own = await findOwnUploads(ctx.db, ctx.org.id, studentId, wanted);
    if (caller.id !== studentId) own.push(...(await findOwnUploads(ctx.db, ctx.org.id, caller.id, wanted)));
    if (own.length !== wanted.length) throw badRequest('invalid_files', 'Every file must be one of your own uploads');
  }
  const row = await ctx.db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    const seen = await ensureSubmission(trx, ctx.org.id, task.id, studentId, now);
    const change: SubmissionChange = {};
    if (input.text !== undefined && input.text !== seen.text) change.text = input.text;
    const files = input.files === undefined ? undefined : JSON.stringify([...new Set(input.files)]);
    if (files !== undefined && files !== seen.files) change.files = files;
    const turnedIn = seen.status === 'turned_in' || seen.status === 'late';
    let action = 'saved';
    if (input.turnIn && !turnedIn) {
      change.status = task.due_date !== null && Date.parse(task.due_date) < Date.now() ? 'late' : 'turned_in';
      change.turned_in_at = now;
      action = 'turned_in';
    } else if (!input.turnIn && turnedIn) {
      change.status = 'assigned';
      change.turned_in_at = null;
      action = 'unsubmitted';
    }
    if (Object.keys(change).length > 0 && (await updateSubmission(trx, ctx.org.id, seen, change, now))) {
      await insertSubmissionChange(trx, {
        org_id: ctx.org.id, submission_id: seen.id, action, status: change.status ?? seen.status, grade: seen.grade === null ? null : Number(seen.grade), changed_by: caller.id, created_at: now,
      });
    }
    const [after] = await findSubmissions(trx, ctx.org.id, [task.id], [studentId]);
    return after;
  });
  return submissionOf(ctx, studentId, row, task, false);
}

/** GET posts/{postId}/submissions: every current student of the group, in name order, with their work. */
export async function listSubmissions(ctx: RequestContext, postId: number): Promise<SubmissionLine[]> {
  const task = await requireTask(ctx, postId);
  const students = await findStudentsOf(ctx.db, ctx.org.id, task.node_id);
  const rows = await findSubmissions(ctx.db, ctx.org.id, [task.id]);
  const now = Date.now();
  return Promise.all(
    students.map(async (s) => {
      const row = rows.find((r) => r.student_id === s.id);
      return {
        student: { id: s.id, firstName: s.first_name, lastName: s.last_name, lastName2: s.last_name2, avatar: signedAvatarUrl(ctx, s.avatar) },
        status: statusOf(row, task.due_date, now),
        turnedInAt: row?.turned_in_at ?? null,
        returnedAt: row?.returned_at ?? null,
        grade: row?.grade != null ? Number(row.grade) : null,
        feedback: row?.feedback ?? '',
        text: row?.text ?? '',
        files: await filesOf(ctx, task.post_id, row),
      };
    }),
  );
}

/** PUT posts/{postId}/submissions/{studentId}: grade, feedback, and with `return` back to the student. */
export async function reviewSubmission(ctx: RequestContext, postId: number, studentId: number, input: SubmissionReview): Promise<Submission> {
  const caller = requireCaller(ctx);
  const task = await requireTask(ctx, postId);
  const m = await membershipIn(ctx.db, ctx.org.id, studentId, task.node_id);
  if (!m || m.role !== 'student') throw notFound('There is no such student in this group');
  if (input.grade != null) {
    if (task.points === null) throw badRequest('no_points', 'This task has no points to grade with');
    if (input.grade > Number(task.points)) throw badRequest('grade_out_of_range', `The grade must be between 0 and ${task.points}`);
  }
  const row = await ctx.db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    const seen = await ensureSubmission(trx, ctx.org.id, task.id, studentId, now);
    const change: SubmissionChange = {};
    const seenGrade = seen.grade === null ? null : Number(seen.grade);
    if (input.grade !== undefined && input.grade !== seenGrade) change.grade = input.grade;
    if (input.feedback !== undefined && input.feedback !== seen.feedback) change.feedback = input.feedback;
    if (input.return && seen.status !== 'returned') {
      change.status = 'returned';
      change.returned_at = now;
    }
    if (Object.keys(change).length > 0 && (await updateSubmission(trx, ctx.org.id, seen, change, now))) {
      await insertSubmissionChange(trx, {
        org_id: ctx.org.id, submission_id: seen.id, action: change.status === 'returned' ? 'returned' : 'graded',
        status: change.status ?? seen.status, grade: change.grade !== undefined ? change.grade : seenGrade, changed_by: caller.id, created_at: now,
      });
      // Only the request that made it returned tells the student: a second return finds it returned already.
      if (change.status === 'returned') await noticeReturned(trx, ctx, task, studentId, change.grade !== undefined ? change.grade : seenGrade, now);
    }
    const [after] = await findSubmissions(trx, ctx.org.id, [task.id], [studentId]);
    return after;
  });
  return submissionOf(ctx, studentId, row, task, true);
}
