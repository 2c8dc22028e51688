import { formatFullName } from '@patio/core';
import type { Database } from '../../db/database';
import { findUnapprovedRegistrantIds } from '../../policy/registrants.sql';
import { findPeopleNames, findTasksDueBetween, type DueTaskRow } from './classroom.notices.queries';
import { findChildIds, findNodeNames, findStudentNodes, findSubmissions } from './classroom.queries';

// What one weekly guardian summary says (issue 35): for each child of a parent-like relative and each
// group where the child is a current student, the work missing (due in the last MISSING_DAYS days and
// not turned in) and the work due in the next UPCOMING_DAYS days. Only the relative's own children:
// the relationships of this relative, never anyone else's family; an unapproved registrant has none.

/** Missing work older than this is left to the teacher and the family; a summary is about this week. */
export const MISSING_DAYS = 30;
export const UPCOMING_DAYS = 7;
const DAY_MS = 86_400_000;

export interface ReportTask {
  postId: number;
  title: string;
  dueDate: string;
  /** Upcoming work already turned in (or late, or returned). */
  turnedIn: boolean;
}

export interface ReportGroup {
  id: number;
  name: string;
  missing: ReportTask[];
  upcoming: ReportTask[];
}

export interface ReportChild {
  id: number;
  name: string;
  groups: ReportGroup[];
}

/** The summary of `relativeId` at `now`: empty when there is nothing to report. */
export async function guardianReport(db: Database, orgId: number, relativeId: number, now: Date): Promise<ReportChild[]> {
  if ((await findUnapprovedRegistrantIds(db, orgId, [relativeId])).has(relativeId)) return [];
  const children = await findChildIds(db, orgId, relativeId);
  const enrolled = await findStudentNodes(db, orgId, children);
  if (enrolled.length === 0) return [];
  const nodeIds = [...new Set(enrolled.map((e) => e.node_id))];
  const from = new Date(now.getTime() - MISSING_DAYS * DAY_MS).toISOString();
  const to = new Date(now.getTime() + UPCOMING_DAYS * DAY_MS).toISOString();
  const tasks = await findTasksDueBetween(db, orgId, nodeIds, from, to);
  if (tasks.length === 0) return [];
  const submissions = await findSubmissions(db, orgId, tasks.map((t) => t.id), [...new Set(enrolled.map((e) => e.person_id))]);
  const statusOf = new Map(submissions.map((s) => [`${s.classroom_post_id}:${s.student_id}`, s.status]));
  const groupNames = new Map((await findNodeNames(db, orgId, nodeIds)).map((n) => [n.id, n.name]));
  const nowIso = now.toISOString();

  const groupOf = (childId: number, nodeId: number): ReportGroup => {
    const missing: ReportTask[] = [];
    const upcoming: ReportTask[] = [];
    for (const task of tasks.filter((t: DueTaskRow) => t.node_id === nodeId)) {
      const turnedIn = (statusOf.get(`${task.id}:${childId}`) ?? 'assigned') !== 'assigned';
      const line = { postId: task.post_id, title: task.title, dueDate: task.due_date, turnedIn };
      if (task.due_date < nowIso) {
        if (!turnedIn) missing.push(line);
      } else upcoming.push(line);
    }
    return { id: nodeId, name: groupNames.get(nodeId) ?? '', missing, upcoming };
  };

  const people = await findPeopleNames(db, orgId, [...new Set(enrolled.map((e) => e.person_id))]);
  return people
    .map((child) => ({
      id: child.id,
      name: formatFullName({ firstName: child.first_name, lastName: child.last_name, lastName2: child.last_name2 }),
      groups: enrolled
        .filter((e) => e.person_id === child.id)
        .map((e) => groupOf(child.id, e.node_id))
        .filter((g) => g.missing.length + g.upcoming.length > 0)
        .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id),
    }))
    .filter((c) => c.groups.length > 0);
}
