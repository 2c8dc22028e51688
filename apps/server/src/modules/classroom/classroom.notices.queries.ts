import type { Database } from '../../db/database';

// SQL of what the classroom tells people (issue 35): the once-only marks of reminders and weekly
// summaries (migration 028) and the tasks due in a span of time. Every query is scoped by org_id.

export interface DueTaskRow {
  id: number;
  post_id: number;
  node_id: number;
  due_date: string;
  title: string;
  /** The post's last change (a subscribed calendar's LAST-MODIFIED). */
  updated_at: string;
}

/**
 * The published tasks of the nodes whose due date falls in [from, to) (ISO instants, which compare as
 * text: every due date is stored by toISOString), soonest first.
 */
export async function findTasksDueBetween(db: Database, orgId: number, nodeIds: readonly number[], from: string, to: string): Promise<DueTaskRow[]> {
  if (nodeIds.length === 0 || from >= to) return [];
  const rows = await db.selectFrom('classroom_posts')
    .innerJoin('posts', (j) => j.onRef('posts.id', '=', 'classroom_posts.post_id').on('posts.org_id', '=', orgId))
    .select(['classroom_posts.id', 'classroom_posts.post_id', 'classroom_posts.node_id', 'classroom_posts.due_date', 'posts.title', 'posts.updated_at'])
    .where('classroom_posts.org_id', '=', orgId).where('classroom_posts.node_id', 'in', [...nodeIds]).where('classroom_posts.kind', '=', 'task')
    .where('posts.status', '=', 'published')
    .where('classroom_posts.due_date', '>=', from).where('classroom_posts.due_date', '<', to)
    .orderBy('classroom_posts.due_date').orderBy('classroom_posts.id')
    .execute();
  return rows.map((r) => ({ ...r, due_date: r.due_date! }));
}

/** Whether any of the nodes has a published task (the classroom calendar is listed only then). */
export async function hasTasks(db: Database, orgId: number, nodeIds: readonly number[]): Promise<boolean> {
  if (nodeIds.length === 0) return false;
  const row = await db.selectFrom('classroom_posts')
    .innerJoin('posts', (j) => j.onRef('posts.id', '=', 'classroom_posts.post_id').on('posts.org_id', '=', orgId))
    .select('classroom_posts.id')
    .where('classroom_posts.org_id', '=', orgId).where('classroom_posts.node_id', 'in', [...nodeIds]).where('classroom_posts.kind', '=', 'task')
    .where('posts.status', '=', 'published')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the school has a published task due at `since` or later (the weekly summary goes on while it has). */
export async function hasTasksDueSince(db: Database, orgId: number, since: string): Promise<boolean> {
  const row = await db.selectFrom('classroom_posts')
    .select('id')
    .where('org_id', '=', orgId).where('kind', '=', 'task').where('due_date', '>=', since)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks the reminder of a task to each student, once: answers the students marked now (none already marked). */
export async function insertReminders(db: Database, orgId: number, classroomPostId: number, studentIds: readonly number[], now: string): Promise<number[]> {
  if (studentIds.length === 0) return [];
  const rows = await db.insertInto('classroom_reminders')
    .values(studentIds.map((studentId) => ({ org_id: orgId, classroom_post_id: classroomPostId, student_id: studentId, sent_at: now })))
    .onConflict((oc) => oc.columns(['org_id', 'classroom_post_id', 'student_id']).doNothing())
    .returning('student_id')
    .execute();
  return rows.map((r) => r.student_id);
}

/** Marks one week's summary to a relative, once: answers whether it was marked now. */
export async function insertSummaryMark(db: Database, orgId: number, personId: number, week: string, now: string): Promise<boolean> {
  const rows = await db.insertInto('classroom_summaries')
    .values({ org_id: orgId, person_id: personId, week, created_at: now })
    .onConflict((oc) => oc.columns(['org_id', 'person_id', 'week']).doNothing())
    .returning('person_id')
    .execute();
  return rows.length > 0;
}

/** Names of people by id (a summary's children). */
export async function findPeopleNames(db: Database, orgId: number, personIds: readonly number[]) {
  if (personIds.length === 0) return [];
  return db.selectFrom('people').select(['id', 'first_name', 'last_name', 'last_name2'])
    .where('org_id', '=', orgId).where('id', 'in', [...personIds])
    .orderBy('first_name').orderBy('last_name').orderBy('id')
    .execute();
}

/** What a summary mail needs of its reader. */
export async function findReader(db: Database, orgId: number, personId: number) {
  return db.selectFrom('people').select(['id', 'first_name', 'email', 'language'])
    .where('org_id', '=', orgId).where('id', '=', personId)
    .executeTakeFirst();
}
