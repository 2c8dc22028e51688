import type { Database } from '../../db/database';
import { memoised } from '../../policy/caller-memo';
import type { Caller } from '../../policy/policy';
import { findUnapprovedRegistrantIds } from '../../policy/registrants.sql';
import { classroomMemberships, type Membership } from './classroom.access';
import { findPeopleNames, findTasksDueBetween, hasTasks } from './classroom.notices.queries';
import { taskPath } from './classroom.paths';
import { plainTitle } from './classroom.text';

// Due dates for the calendar (issue 35): each task of the caller's classroom groups at its due date —
// a student's own groups, a parent-like relative's children's (one item per child, named after the
// child), a teacher's groups — opening the post in the classroom. Nobody else sees them: not an
// administrator outside their groups, not another family, not an unapproved registrant, never another
// school. One query of tasks per read, nothing expanded: a due date is a single moment.

export interface ClassroomDueDate {
  postId: number;
  groupId: number;
  /** One line, no control characters; blank when the post has none. */
  title: string;
  /** ISO instant. */
  dueDate: string;
  /** The first name of the child it is about, for a relative; null for the student or teacher themself. */
  child: string | null;
  /** The student whose task it is (the caller, or a relative's child); null for a teacher. */
  studentId: number | null;
  /** The post's last change (ISO). */
  updatedAt: string;
  /** The app path it opens. */
  path: string;
}

/** The caller's classroom groups, once per request; none for an unapproved registrant. */
function membershipsOf(db: Database, caller: Caller): Promise<Membership[]> {
  return memoised(caller, 'classroom:memberships', async () => {
    if ((await findUnapprovedRegistrantIds(db, caller.orgId, [caller.id])).has(caller.id)) return [];
    return classroomMemberships(db, caller.orgId, caller.id);
  });
}

/** Whether the caller has a classroom calendar: a task in one of their classroom groups. */
export async function hasClassroomCalendar(db: Database, caller: Caller): Promise<boolean> {
  const memberships = await membershipsOf(db, caller);
  return hasTasks(db, caller.orgId, memberships.map((m) => m.nodeId));
}

/** The due dates in [from, to) (ISO instants) the caller sees, soonest first. */
export async function findClassroomDueDates(db: Database, caller: Caller, from: string, to: string): Promise<ClassroomDueDate[]> {
  const memberships = await membershipsOf(db, caller);
  const tasks = await findTasksDueBetween(db, caller.orgId, memberships.map((m) => m.nodeId), from, to);
  if (tasks.length === 0) return [];
  const byNode = new Map(memberships.map((m) => [m.nodeId, m]));
  const childIds = [...new Set(memberships.filter((m) => m.role === 'relative').flatMap((m) => m.studentIds))];
  const firstNames = new Map((await findPeopleNames(db, caller.orgId, childIds)).map((p) => [p.id, p.first_name]));
  return tasks.flatMap((task) => {
    const m = byNode.get(task.node_id)!;
    const readers = m.role === 'relative' ? m.studentIds : [caller.id];
    return readers.map((personId) => ({
      postId: task.post_id,
      groupId: task.node_id,
      title: plainTitle(task.title),
      dueDate: task.due_date,
      child: m.role === 'relative' ? plainTitle(firstNames.get(personId) ?? '') : null,
      studentId: m.role === 'teacher' ? null : personId,
      updatedAt: task.updated_at,
      path: taskPath(personId, task.node_id, task.post_id),
    }));
  });
}
