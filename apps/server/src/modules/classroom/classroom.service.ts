import type {
  ClassroomDraftPublish, ClassroomGroup, ClassroomKind, ClassroomPost, ClassroomPostDetail, ClassroomPostInput, ClassroomPublishRequest, Submission, SubmissionStatus,
} from '@patio/core';
import type { Database } from '../../db/database';
import type { RequestContext } from '../../http/context';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { requireCaller } from '../../http/school-scope';
import type { Caller } from '../../policy/policy';
import { checkRuleForCaller, resolveAudience } from '../audiences/index';
import { personExists, signedAvatarUrl } from '../people/index';
import { deliverPost, findPostRecord, inputOf, storedDescription } from '../posts/index';
import { classroomMemberships, membershipIn } from './classroom.access';
import {
  type ClassroomPostRow,
  findClassroomNodes,
  findClassroomPost,
  findFilesById,
  findGroupPosts,
  findSubmissions,
  findTasksOf,
  insertClassroomPost,
  type SubmissionRow,
} from './classroom.queries';
import { onTaskPublished } from './classroom.published';
import { submissionFilePath } from './classroom.files';

// Classroom posts and what each person sees of them (issue 35; docs/decisions/031-classroom.md).

/** The audience rule of a classroom post: the group's students (and, with `relatives`, their parent-like relatives). */
export function studentsOfGroup(nodeId: number) {
  return { op: 'and', args: [{ field: 'node', op: 'eq', args: [nodeId] }, { field: 'role', op: 'eq', args: ['student'] }] };
}

/**
 * POST nodes/{groupId}/classroom/posts: published through the posts area's delivery (one post, its
 * thread, a stub per recipient, the delivered and notification jobs) and its classroom row, in one
 * transaction. Everything is checked before anything is written. A saved draft (`{draft, …}`) is
 * published in place, as POST people/{me}/posts/sent publishes one: same id, its blocks with it, its
 * own audience replaced by the group's; of parallel publishes of one draft, one publishes and the
 * others find it published (409 `not_a_draft`) and write nothing.
 */
export async function publishClassroomPost(ctx: RequestContext, nodeId: number, request: ClassroomPublishRequest): Promise<{ id: number }> {
  const caller = requireCaller(ctx);
  if (!('draft' in request)) checkClassroomInput(request);
  const rule = studentsOfGroup(nodeId);
  return ctx.db.transaction().execute(async (trx) => {
    const { input, draftId } = 'draft' in request ? await draftToPublish(trx, caller, request) : { input: request, draftId: null };
    await checkRuleForCaller(trx, caller, rule as never);
    const { personIds } = await resolveAudience(trx, ctx.org.id, rule, { includeRelatives: input.audience.relatives });
    const audience = { people: [], rules: rule, relatives: input.audience.relatives };
    const delivered = await deliverPost(
      trx,
      ctx.services,
      {
        orgId: ctx.org.id, authorId: caller.id, threadId: null, replyToId: null, type: input.type, title: input.title,
        description: storedDescription(input.description), settings: input.settings, audience, quotes: [], expirationDate: input.expirationDate,
        ...(draftId !== null ? { postId: draftId } : {}), ...(input.language !== undefined ? { language: input.language } : {}),
      },
      personIds,
    );
    const dueDate = input.dueDate === null ? null : new Date(input.dueDate).toISOString();
    await insertClassroomPost(trx, {
      org_id: ctx.org.id, post_id: delivered.id, node_id: nodeId, kind: input.kind, due_date: dueDate, points: input.points, created_at: delivered.publishDate,
    });
    await onTaskPublished(trx, ctx, { postId: delivered.id, kind: input.kind, dueDate });
    return { id: delivered.id };
  });
}

/**
 * The caller's draft as a classroom post: its content as saved, the group's audience (with
 * `relatives` as asked), the classroom fields of the request. 404 unless it is the caller's; 409 once
 * it is published or scheduled; what a classroom post may not carry, 400 as for a whole post.
 */
async function draftToPublish(db: Database, caller: Caller, request: ClassroomDraftPublish): Promise<{ input: ClassroomPostInput; draftId: number }> {
  const row = await findPostRecord(db, caller.orgId, request.draft);
  if (!row || row.author_id !== caller.id) throw notFound('You have no such draft');
  if (row.status !== 'draft') throw new HttpError(409, 'not_a_draft', 'This draft is already published or scheduled');
  // The draft's event stays where it is when a post is published; a classroom post cannot carry one.
  if (row.event_id !== null) throw badRequest('classroom_event', 'A classroom post cannot carry a calendar event: remove it from the draft first');
  const { kind, dueDate, points, relatives } = request;
  const input: ClassroomPostInput = { ...inputOf(row), audience: { people: [], rules: null, relatives }, kind, dueDate, points };
  checkClassroomInput(input);
  return { input, draftId: row.id };
}

/** What a classroom post may not carry in this version, and the task fields' rules: 400 with a code. */
function checkClassroomInput(input: ClassroomPostInput): void {
  if (input.audience.people.length > 0 || input.audience.rules !== null) {
    throw badRequest('classroom_audience', "A classroom post goes to the group's students: only audience.relatives may be set");
  }
  if (input.publishDate !== null && Date.parse(input.publishDate) > Date.now()) throw badRequest('classroom_schedule', 'Classroom posts are published at once; they cannot be scheduled');
  if (input.event !== null) throw badRequest('classroom_event', 'A classroom post cannot carry a calendar event');
  if (input.quotes.length > 0) throw badRequest('classroom_quotes', 'A classroom post cannot quote other posts');
  if (input.kind !== 'task' && (input.dueDate !== null || input.points !== null)) throw badRequest('not_a_task', 'Only a task has a due date and points');
  if (input.dueDate !== null && Date.parse(input.dueDate) <= Date.now()) throw badRequest('due_date_past', 'The due date must be in the future');
  if (input.expirationDate !== null && Date.parse(input.expirationDate) <= Date.now()) throw badRequest('invalid_expiration', 'The expiration date must come after the publish date');
}

/** A stored submission (or none) as its status reads now: assigned after the due date is missing. */
export function statusOf(row: Pick<SubmissionRow, 'status'> | undefined, dueDate: string | null, now = Date.now()): SubmissionStatus {
  const status = (row?.status ?? 'assigned') as SubmissionStatus;
  return status === 'assigned' && dueDate !== null && Date.parse(dueDate) < now ? 'missing' : status;
}

const author = (ctx: RequestContext, row: ClassroomPostRow) => ({
  id: row.author_id, firstName: row.first_name, lastName: row.last_name, lastName2: row.last_name2, avatar: signedAvatarUrl(ctx, row.avatar),
});

function postOf(ctx: RequestContext, row: ClassroomPostRow, submission: ClassroomPost['submission']): ClassroomPost {
  return {
    id: row.post_id, kind: row.kind as ClassroomKind, title: row.title, author: author(ctx, row), publishDate: row.publish_date ?? '',
    dueDate: row.due_date, points: row.points === null ? null : Number(row.points), submission,
  };
}

/** The person must be a person of the school (404 otherwise: another school's ids are nobody's). */
async function requirePerson(ctx: RequestContext, personId: number): Promise<void> {
  if (!(await personExists(ctx.db, ctx.org.id, personId))) throw notFound('There is no such person');
}

/** GET people/{id}/classroom. */
export async function listGroups(ctx: RequestContext, personId: number): Promise<ClassroomGroup[]> {
  await requirePerson(ctx, personId);
  const memberships = await classroomMemberships(ctx.db, ctx.org.id, personId);
  const names = await findClassroomNodes(ctx.db, ctx.org.id, memberships.map((m) => m.nodeId));
  const tasks = await findTasksOf(ctx.db, ctx.org.id, memberships.map((m) => m.nodeId));
  const submissions = await findSubmissions(ctx.db, ctx.org.id, tasks.map((t) => t.id));
  const byTaskAndStudent = new Map(submissions.map((s) => [`${s.classroom_post_id}:${s.student_id}`, s]));
  const now = Date.now();
  return names.map(({ id, name }) => {
    const m = memberships.find((x) => x.nodeId === id)!;
    const own = tasks.filter((t) => t.node_id === id);
    let pending = 0;
    if (m.role === 'teacher') {
      pending = submissions.filter((s) => own.some((t) => t.id === s.classroom_post_id) && (s.status === 'turned_in' || s.status === 'late')).length;
    } else {
      for (const task of own) {
        for (const studentId of m.studentIds) {
          const status = statusOf(byTaskAndStudent.get(`${task.id}:${studentId}`), task.due_date, now);
          if (status === 'assigned' || status === 'missing') pending += 1;
        }
      }
    }
    return { id, name, role: m.role, pending };
  });
}

/** GET people/{id}/classroom/{groupId}/posts: newest first; a student's (or their relative's) status of each task. */
export async function listGroupPosts(ctx: RequestContext, personId: number, nodeId: number, kind?: ClassroomKind): Promise<ClassroomPost[]> {
  await requirePerson(ctx, personId);
  const m = await membershipIn(ctx.db, ctx.org.id, personId, nodeId);
  if (!m) throw notFound('There is no such group in your classroom');
  const rows = await findGroupPosts(ctx.db, ctx.org.id, nodeId, kind);
  // A relative with several children in one group sees the first child's status; each child's own path tells them apart.
  const studentId = m.studentIds[0];
  const tasks = rows.filter((r) => r.kind === 'task');
  const submissions = studentId === undefined ? [] : await findSubmissions(ctx.db, ctx.org.id, tasks.map((t) => t.id), [studentId]);
  return rows.map((row) =>
    postOf(ctx, row, row.kind === 'task' && studentId !== undefined ? { status: statusOf(submissions.find((s) => s.classroom_post_id === row.id), row.due_date) } : null),
  );
}

/** GET people/{id}/classroom/{groupId}/posts/{postId}: the post with the person's (or their child's) submission. */
export async function readGroupPost(ctx: RequestContext, personId: number, nodeId: number, postId: number): Promise<ClassroomPostDetail> {
  await requirePerson(ctx, personId);
  const m = await membershipIn(ctx.db, ctx.org.id, personId, nodeId);
  const row = await findClassroomPost(ctx.db, ctx.org.id, postId);
  if (!m || !row || row.node_id !== nodeId) throw notFound('There is no such post in this group');
  const studentId = m.studentIds[0];
  let submission: Submission | null = null;
  if (row.kind === 'task' && studentId !== undefined) {
    const [stored] = await findSubmissions(ctx.db, ctx.org.id, [row.id], [studentId]);
    submission = await submissionOf(ctx, studentId, stored, row, false);
  }
  const { submission: _none, ...post } = postOf(ctx, row, null);
  return { ...post, description: row.description, groupId: nodeId, submission };
}

/** A submission of the task as its student and their relatives see it (`full`: as the group's teachers see it, grade and feedback before it is returned). */
export async function submissionOf(
  ctx: RequestContext, studentId: number, row: SubmissionRow | undefined, task: Pick<ClassroomPostRow, 'post_id' | 'due_date'>, full: boolean,
): Promise<Submission> {
  const status = statusOf(row, task.due_date);
  const shown = full || status === 'returned';
  return {
    studentId,
    status,
    text: row?.text ?? '',
    files: await filesOf(ctx, task.post_id, row),
    grade: shown && row?.grade != null ? Number(row.grade) : null,
    feedback: shown ? (row?.feedback ?? '') : '',
    turnedInAt: row?.turned_in_at ?? null,
    returnedAt: row?.returned_at ?? null,
  };
}

/** The files a submission of the task (post `postId`) holds, in its order, each with where its readers open it; a file since deleted is left out. */
export async function filesOf(ctx: RequestContext, postId: number, row: SubmissionRow | undefined) {
  if (!row) return [];
  const ids = JSON.parse(row.files) as number[];
  const files = await findFilesById(ctx.db, ctx.org.id, ids);
  return ids.flatMap((id) =>
    files.filter((f) => f.id === id).map((f) => ({ id: f.id, name: f.name, mimetype: f.mimetype, size: Number(f.size), url: submissionFilePath(postId, row.student_id, f.id) })),
  );
}
