import type { Database } from '../../db/database';
import { currentMembership, findArchivedNodeIds, isClassType, isRouteType } from '../nodes/index';
import { parentLikeKinds } from '../people/index';

// SQL of the classroom area (issue 35; docs/decisions/031-classroom.md). Every query is scoped by org_id.

export const TEACHING_ROLES = ['teacher', 'substitute_teacher', 'group_director'] as const;

export interface ClassroomPostRow {
  id: number;
  post_id: number;
  node_id: number;
  kind: string;
  due_date: string | null;
  points: number | null;
  title: string;
  description: string;
  publish_date: string | null;
  author_id: number;
  first_name: string;
  last_name: string;
  last_name2: string | null;
  avatar: string | null;
}

export interface SubmissionRow {
  id: number;
  classroom_post_id: number;
  student_id: number;
  status: string;
  text: string;
  files: string;
  grade: number | string | null;
  feedback: string;
  turned_in_at: string | null;
  returned_at: string | null;
}

export async function findGroup(db: Database, orgId: number, nodeId: number): Promise<{ id: number; name: string } | undefined> {
  return db.selectFrom('nodes').select(['id', 'name']).where('org_id', '=', orgId).where('id', '=', nodeId).executeTakeFirst();
}

/** The nodes where the person holds a teaching role (teacher, substitute teacher, group director). */
export async function findTaughtNodeIds(db: Database, orgId: number, personId: number): Promise<number[]> {
  const rows = await db.selectFrom('memberships').select('node_id').distinct()
    .where('org_id', '=', orgId).where('person_id', '=', personId).where('role', 'in', [...TEACHING_ROLES]).execute();
  return rows.map((r) => r.node_id);
}

/** The nodes where each of `personIds` is a current student. */
export async function findStudentNodes(db: Database, orgId: number, personIds: readonly number[]): Promise<{ person_id: number; node_id: number }[]> {
  if (personIds.length === 0) return [];
  return db.selectFrom('memberships').select(['person_id', 'node_id']).distinct()
    .where('org_id', '=', orgId).where('person_id', 'in', [...personIds]).where('role', '=', 'student').where(currentMembership())
    .execute();
}

/** The people `personId` is a parent-like relative of. */
export async function findChildIds(db: Database, orgId: number, personId: number): Promise<number[]> {
  const rows = await db.selectFrom('relationships').select('person_id')
    .where('org_id', '=', orgId).where('relative_id', '=', personId).where('kind', 'in', [...parentLikeKinds]).execute();
  return [...new Set(rows.map((r) => r.person_id))];
}

/** The node's current students (role student in the node itself), with their cards, in name order (the folded sort key: Álvarez before Cano). */
export async function findStudentsOf(db: Database, orgId: number, nodeId: number) {
  return db.selectFrom('memberships')
    .innerJoin('people', (j) => j.onRef('people.id', '=', 'memberships.person_id').on('people.org_id', '=', orgId))
    .select(['people.id', 'people.first_name', 'people.last_name', 'people.last_name2', 'people.avatar', 'people.sort_key']).distinct()
    .where('memberships.org_id', '=', orgId).where('memberships.node_id', '=', nodeId).where('memberships.role', '=', 'student')
    .where(currentMembership())
    .orderBy('people.sort_key').orderBy('people.id')
    .execute();
}

const postColumns = [
  'classroom_posts.id', 'classroom_posts.post_id', 'classroom_posts.node_id', 'classroom_posts.kind', 'classroom_posts.due_date',
  'classroom_posts.points', 'posts.title', 'posts.description', 'posts.publish_date', 'posts.author_id',
  'people.first_name', 'people.last_name', 'people.last_name2', 'people.avatar',
] as const;

function classroomPosts(db: Database, orgId: number) {
  return db.selectFrom('classroom_posts')
    .innerJoin('posts', (j) => j.onRef('posts.id', '=', 'classroom_posts.post_id').on('posts.org_id', '=', orgId))
    .innerJoin('people', (j) => j.onRef('people.id', '=', 'posts.author_id').on('people.org_id', '=', orgId))
    .select(postColumns)
    .where('classroom_posts.org_id', '=', orgId)
    .where('posts.status', '=', 'published');
}

/** A group's classroom posts, newest first. */
export async function findGroupPosts(db: Database, orgId: number, nodeId: number, kind?: string): Promise<ClassroomPostRow[]> {
  let q = classroomPosts(db, orgId).where('classroom_posts.node_id', '=', nodeId);
  if (kind !== undefined) q = q.where('classroom_posts.kind', '=', kind);
  return q.orderBy('posts.publish_date', 'desc').orderBy('classroom_posts.id', 'desc').execute();
}

/** The classroom post of a post id, or undefined when the post is not one. */
export async function findClassroomPost(db: Database, orgId: number, postId: number): Promise<ClassroomPostRow | undefined> {
  return classroomPosts(db, orgId).where('classroom_posts.post_id', '=', postId).executeTakeFirst();
}

export async function insertClassroomPost(
  db: Database,
  row: { org_id: number; post_id: number; node_id: number; kind: string; due_date: string | null; points: number | null; created_at: string },
): Promise<void> {
  await db.insertInto('classroom_posts').values(row).execute();
}

const submissionColumns = ['id', 'classroom_post_id', 'student_id', 'status', 'text', 'files', 'grade', 'feedback', 'turned_in_at', 'returned_at'] as const;

export async function findSubmissions(db: Database, orgId: number, classroomPostIds: readonly number[], studentIds?: readonly number[]): Promise<SubmissionRow[]> {
  if (classroomPostIds.length === 0 || studentIds?.length === 0) return [];
  let q = db.selectFrom('classroom_submissions').select(submissionColumns)
    .where('org_id', '=', orgId).where('classroom_post_id', 'in', [...classroomPostIds]);
  if (studentIds !== undefined) q = q.where('student_id', 'in', [...studentIds]);
  return q.execute();
}

/** The student's submission row, made `assigned` first if there is none (parallel calls meet on one row). */
export async function ensureSubmission(db: Database, orgId: number, classroomPostId: number, studentId: number, now: string): Promise<SubmissionRow> {
  await db.insertInto('classroom_submissions')
    .values({ org_id: orgId, classroom_post_id: classroomPostId, student_id: studentId, status: 'assigned', updated_at: now })
    .onConflict((oc) => oc.columns(['org_id', 'classroom_post_id', 'student_id']).doNothing())
    .execute();
  return db.selectFrom('classroom_submissions').select(submissionColumns)
    .where('org_id', '=', orgId).where('classroom_post_id', '=', classroomPostId).where('student_id', '=', studentId)
    .executeTakeFirstOrThrow();
}

export interface SubmissionChange {
  status?: string;
  text?: string;
  files?: string;
  grade?: number | null;
  feedback?: string;
  turned_in_at?: string | null;
  returned_at?: string | null;
}

/**
 * Writes `change` to the submission only if it still holds what the caller read (`seen`), so of
 * parallel identical requests one changes it and the others find nothing to do. True when it changed.
 */
export async function updateSubmission(db: Database, orgId: number, seen: SubmissionRow, change: SubmissionChange, now: string): Promise<boolean> {
  const result = await db.updateTable('classroom_submissions')
    .set({ ...change, updated_at: now })
    .where('org_id', '=', orgId).where('id', '=', seen.id)
    .where('status', '=', seen.status).where('text', '=', seen.text).where('files', '=', seen.files).where('feedback', '=', seen.feedback)
    .where((eb) => (seen.grade === null ? eb('grade', 'is', null) : eb('grade', '=', Number(seen.grade))))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function insertSubmissionChange(
  db: Database,
  row: { org_id: number; submission_id: number; action: string; status: string; grade: number | null; changed_by: number; created_at: string },
): Promise<void> {
  await db.insertInto('classroom_submission_changes').values(row).execute();
}

/** The student's uploads among `fileIds` (folder people/{id}/uploads, owned by them, not in the trash). */
export async function findOwnUploads(db: Database, orgId: number, studentId: number, fileIds: readonly number[]) {
  if (fileIds.length === 0) return [];
  return db.selectFrom('files').select(['id', 'name', 'mimetype', 'size'])
    .where('org_id', '=', orgId).where('id', 'in', [...fileIds]).where('owner_id', '=', studentId).where('folder', '=', `people/${studentId}/uploads`)
    .where('deleted_at', 'is', null)
    .execute();
}

/** Files by id that are not deleted, whoever owns them (the ids a submission already holds). */
export async function findFilesById(db: Database, orgId: number, fileIds: readonly number[]) {
  if (fileIds.length === 0) return [];
  return db.selectFrom('files').select(['id', 'name', 'mimetype', 'size']).where('org_id', '=', orgId).where('id', 'in', [...fileIds]).where('deleted_at', 'is', null).execute();
}

/** Names of nodes by id. */
export async function findNodeNames(db: Database, orgId: number, nodeIds: readonly number[]): Promise<{ id: number; name: string }[]> {
  if (nodeIds.length === 0) return [];
  return db.selectFrom('nodes').select(['id', 'name']).where('org_id', '=', orgId).where('id', 'in', [...nodeIds]).orderBy('name').orderBy('id').execute();
}

/**
 * Of `nodeIds`, the ones a classroom list shows, in name order: classes (by their type) and any other
 * group that has classroom posts (a team whose coach posted a task), never a bus route nor a group of
 * an archived school year.
 */
export async function findClassroomNodes(db: Database, orgId: number, nodeIds: readonly number[]): Promise<{ id: number; name: string }[]> {
  if (nodeIds.length === 0) return [];
  const rows = await db.selectFrom('nodes')
    .innerJoin('node_types', (j) => j.onRef('node_types.id', '=', 'nodes.type_id').on('node_types.org_id', '=', orgId))
    .select((eb) => [
      'nodes.id', 'nodes.name', 'node_types.key as type_key',
      eb.exists(eb.selectFrom('classroom_posts').select('classroom_posts.id').where('classroom_posts.org_id', '=', orgId).whereRef('classroom_posts.node_id', '=', 'nodes.id')).as('has_posts'),
    ])
    .where('nodes.org_id', '=', orgId).where('nodes.id', 'in', [...nodeIds])
    .orderBy('nodes.name').orderBy('nodes.id')
    .execute();
  const archived = await findArchivedNodeIds(db, orgId);
  return rows
    .filter((r) => !archived.has(r.id) && !isRouteType(r.type_key) && (isClassType(r.type_key) || Boolean(Number(r.has_posts))))
    .map(({ id, name }) => ({ id, name }));
}

/** The tasks of the nodes (id, node, due date). */
export async function findTasksOf(db: Database, orgId: number, nodeIds: readonly number[]) {
  if (nodeIds.length === 0) return [];
  return db.selectFrom('classroom_posts')
    .innerJoin('posts', (j) => j.onRef('posts.id', '=', 'classroom_posts.post_id').on('posts.org_id', '=', orgId))
    .select(['classroom_posts.id', 'classroom_posts.node_id', 'classroom_posts.due_date'])
    .where('classroom_posts.org_id', '=', orgId).where('classroom_posts.node_id', 'in', [...nodeIds]).where('classroom_posts.kind', '=', 'task')
    .where('posts.status', '=', 'published')
    .execute();
}

/** A group's published tasks for its gradebook: soonest due first (tasks without a due date last), then by id. */
export async function findGradebookTasks(db: Database, orgId: number, nodeId: number) {
  return db.selectFrom('classroom_posts')
    .innerJoin('posts', (j) => j.onRef('posts.id', '=', 'classroom_posts.post_id').on('posts.org_id', '=', orgId))
    .select(['classroom_posts.id', 'classroom_posts.post_id', 'classroom_posts.due_date', 'classroom_posts.points', 'posts.title'])
    .where('classroom_posts.org_id', '=', orgId).where('classroom_posts.node_id', '=', nodeId).where('classroom_posts.kind', '=', 'task')
    .where('posts.status', '=', 'published')
    .orderBy((eb) => eb.case().when('classroom_posts.due_date', 'is', null).then(1).else(0).end())
    .orderBy('classroom_posts.due_date').orderBy('classroom_posts.id')
    .execute();
}

/** The stored interface language of a person (null when unset). */
export async function findPersonLanguage(db: Database, orgId: number, personId: number): Promise<string | null> {
  const row = await db.selectFrom('people').select('language').where('org_id', '=', orgId).where('id', '=', personId).executeTakeFirst();
  return row?.language ?? null;
}
