import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/database';
import type { DB } from '../../db/types';
import { currentMembership } from '../nodes/index';
import { TEACHING_ROLES } from './classroom.queries';

// SQL of the teaching dashboard (issue 35 §2 `GET teaching/{personId}`). Every count is one grouped
// query over all of the teacher's groups, so the dashboard costs the same handful of queries for one
// group of three students or ten groups of forty. Only current students count: a student who left
// the group is no longer in its numbers, as in the group's list of submissions.

/** Stored statuses of work the student handed in (a returned task was handed in, or graded anyway). */
const HANDED_IN = ['turned_in', 'late', 'returned'];
/** Stored statuses waiting for the teacher. */
const WAITING = ['turned_in', 'late'];

type SubmissionScope = ExpressionBuilder<DB, 'classroom_submissions' | 'classroom_posts'>;

/** The submission's student is a current student of the task's group. */
function ofCurrentStudent(orgId: number) {
  return (eb: SubmissionScope) =>
    eb.exists(
      eb.selectFrom('memberships as student_of')
        .select('student_of.id')
        .where('student_of.org_id', '=', orgId)
        .whereRef('student_of.node_id', '=', 'classroom_posts.node_id')
        .whereRef('student_of.person_id', '=', 'classroom_submissions.student_id')
        .where('student_of.role', '=', 'student')
        .where(currentMembership('student_of')),
    );
}

/** Published tasks of the school (classroom_posts joined with their published post). */
function publishedTasks(db: Database, orgId: number) {
  return db.selectFrom('classroom_posts')
    .innerJoin('posts', (j) => j.onRef('posts.id', '=', 'classroom_posts.post_id').on('posts.org_id', '=', orgId))
    .where('classroom_posts.org_id', '=', orgId)
    .where('classroom_posts.kind', '=', 'task')
    .where('posts.status', '=', 'published');
}

/** The groups where the person teaches (teacher, substitute teacher, group director of the node itself), in name order. */
export async function findTaughtGroups(db: Database, orgId: number, personId: number): Promise<{ id: number; name: string }[]> {
  return db.selectFrom('memberships')
    .innerJoin('nodes', (j) => j.onRef('nodes.id', '=', 'memberships.node_id').on('nodes.org_id', '=', orgId))
    .select(['nodes.id', 'nodes.name']).distinct()
    .where('memberships.org_id', '=', orgId).where('memberships.person_id', '=', personId).where('memberships.role', 'in', [...TEACHING_ROLES])
    .orderBy('nodes.name').orderBy('nodes.id')
    .execute();
}

/** Current students per group. */
export async function countStudentsByGroup(db: Database, orgId: number, nodeIds: readonly number[]): Promise<Map<number, number>> {
  if (nodeIds.length === 0) return new Map();
  const rows = await db.selectFrom('memberships')
    .select((eb) => ['memberships.node_id', eb.fn.count<number | string>('memberships.person_id').distinct().as('n')])
    .where('memberships.org_id', '=', orgId).where('memberships.node_id', 'in', [...nodeIds]).where('memberships.role', '=', 'student')
    .where(currentMembership())
    .groupBy('memberships.node_id')
    .execute();
  return new Map(rows.map((r) => [r.node_id, Number(r.n)]));
}

export interface TaskCounts {
  tasks: number;
  /** Tasks whose due date has passed. */
  due: number;
  /** The soonest due date still ahead. */
  nextDueDate: string | null;
}

/** Published tasks per group: how many, how many are already due, and the next due date. */
export async function countTasksByGroup(db: Database, orgId: number, nodeIds: readonly number[], now: string): Promise<Map<number, TaskCounts>> {
  if (nodeIds.length === 0) return new Map();
  const rows = await publishedTasks(db, orgId)
    .select((eb) => [
      'classroom_posts.node_id',
      eb.fn.countAll<number | string>().as('tasks'),
      eb.fn.sum<number | string | null>(eb.case().when('classroom_posts.due_date', '<=', now).then(1).else(0).end()).as('due'),
      eb.fn.min<string | null>(eb.case().when('classroom_posts.due_date', '>', now).then(eb.ref('classroom_posts.due_date')).end()).as('next_due'),
    ])
    .where('classroom_posts.node_id', 'in', [...nodeIds])
    .groupBy('classroom_posts.node_id')
    .execute();
  return new Map(rows.map((r) => [r.node_id, { tasks: Number(r.tasks), due: Number(r.due ?? 0), nextDueDate: r.next_due ?? null }]));
}

export interface SubmissionCounts {
  /** Turned in (or late) and not yet returned. */
  toReview: number;
  /** Of the tasks already due, the submissions handed in (turned in, late or returned). */
  handedInDue: number;
}

/** Current students' submissions per group: waiting for review, and handed in on tasks already due. */
export async function countSubmissionsByGroup(db: Database, orgId: number, nodeIds: readonly number[], now: string): Promise<Map<number, SubmissionCounts>> {
  if (nodeIds.length === 0) return new Map();
  const rows = await publishedTasks(db, orgId)
    .innerJoin('classroom_submissions', (j) => j.onRef('classroom_submissions.classroom_post_id', '=', 'classroom_posts.id').on('classroom_submissions.org_id', '=', orgId))
    .select((eb) => [
      'classroom_posts.node_id',
      eb.fn.sum<number | string | null>(eb.case().when('classroom_submissions.status', 'in', WAITING).then(1).else(0).end()).as('to_review'),
      eb.fn.sum<number | string | null>(
        eb.case().when(eb.and([eb('classroom_posts.due_date', '<=', now), eb('classroom_submissions.status', 'in', HANDED_IN)])).then(1).else(0).end(),
      ).as('handed_in_due'),
    ])
    .where('classroom_posts.node_id', 'in', [...nodeIds])
    .where(ofCurrentStudent(orgId))
    .groupBy('classroom_posts.node_id')
    .execute();
  return new Map(rows.map((r) => [r.node_id, { toReview: Number(r.to_review ?? 0), handedInDue: Number(r.handed_in_due ?? 0) }]));
}

/** Tasks due from `now` on, soonest first, with how many current students handed them in. */
export async function findUpcomingTasks(db: Database, orgId: number, nodeIds: readonly number[], now: string, limit: number) {
  if (nodeIds.length === 0) return [];
  return publishedTasks(db, orgId)
    .innerJoin('nodes', (j) => j.onRef('nodes.id', '=', 'classroom_posts.node_id').on('nodes.org_id', '=', orgId))
    .select((eb) => [
      'classroom_posts.post_id', 'classroom_posts.node_id', 'nodes.name as node_name', 'posts.title', 'classroom_posts.due_date', 'classroom_posts.points',
      eb.selectFrom('classroom_submissions')
        .select((sub) => sub.fn.countAll<number | string>().as('n'))
        .where('classroom_submissions.org_id', '=', orgId)
        .whereRef('classroom_submissions.classroom_post_id', '=', 'classroom_posts.id')
        .where('classroom_submissions.status', 'in', HANDED_IN)
        .where(ofCurrentStudent(orgId))
        .as('turned_in'),
    ])
    .where('classroom_posts.node_id', 'in', [...nodeIds])
    .where('classroom_posts.due_date', '>', now)
    .orderBy('classroom_posts.due_date').orderBy('classroom_posts.id')
    .limit(limit)
    .execute();
}

/** Current students' submissions turned in (or late) and not yet returned, oldest turn-in first. */
export async function findWaitingSubmissions(db: Database, orgId: number, nodeIds: readonly number[], limit: number) {
  if (nodeIds.length === 0) return [];
  return publishedTasks(db, orgId)
    .innerJoin('classroom_submissions', (j) => j.onRef('classroom_submissions.classroom_post_id', '=', 'classroom_posts.id').on('classroom_submissions.org_id', '=', orgId))
    .innerJoin('nodes', (j) => j.onRef('nodes.id', '=', 'classroom_posts.node_id').on('nodes.org_id', '=', orgId))
    .innerJoin('people', (j) => j.onRef('people.id', '=', 'classroom_submissions.student_id').on('people.org_id', '=', orgId))
    .select([
      'classroom_posts.post_id', 'classroom_posts.node_id', 'nodes.name as node_name', 'posts.title', 'classroom_posts.points', 'classroom_posts.due_date',
      'classroom_submissions.status', 'classroom_submissions.turned_in_at',
      'people.id as student_id', 'people.first_name', 'people.last_name', 'people.last_name2', 'people.avatar',
    ])
    .where('classroom_posts.node_id', 'in', [...nodeIds])
    .where('classroom_submissions.status', 'in', WAITING)
    .where(ofCurrentStudent(orgId))
    .orderBy('classroom_submissions.turned_in_at').orderBy('classroom_submissions.id')
    .limit(limit)
    .execute();
}

/**
 * Published tasks per group due in [start, end) (ISO instants), and the current students' turn-ins on
 * them (a dashboard's completion over a period). `nodeIds` null: every group of the school.
 */
export async function countTasksDueByGroup(
  db: Database,
  orgId: number,
  nodeIds: readonly number[] | null,
  start: string,
  end: string,
): Promise<Map<number, { tasks: number; handedIn: number }>> {
  if (nodeIds !== null && nodeIds.length === 0) return new Map();
  const due = () =>
    publishedTasks(db, orgId)
      .$if(nodeIds !== null, (q) => q.where('classroom_posts.node_id', 'in', [...nodeIds!]))
      .where('classroom_posts.due_date', '>=', start)
      .where('classroom_posts.due_date', '<', end);
  const [tasks, handedIn] = await Promise.all([
    due().select((eb) => ['classroom_posts.node_id', eb.fn.countAll<number | string>().as('n')]).groupBy('classroom_posts.node_id').execute(),
    due()
      .innerJoin('classroom_submissions', (j) => j.onRef('classroom_submissions.classroom_post_id', '=', 'classroom_posts.id').on('classroom_submissions.org_id', '=', orgId))
      .select((eb) => ['classroom_posts.node_id', eb.fn.countAll<number | string>().as('n')])
      .where('classroom_submissions.status', 'in', HANDED_IN)
      .where(ofCurrentStudent(orgId))
      .groupBy('classroom_posts.node_id')
      .execute(),
  ]);
  const handed = new Map(handedIn.map((r) => [r.node_id, Number(r.n)]));
  return new Map(tasks.map((r) => [r.node_id, { tasks: Number(r.n), handedIn: handed.get(r.node_id) ?? 0 }]));
}
