import type { Database } from '../../db/database';
import type { Caller } from '../../policy/policy';
import { findChildIds, findStudentNodes, findTaughtNodeIds } from './classroom.queries';

// Who is what in a classroom (issue 35; docs/decisions/031-classroom.md). A group's teachers are the
// people with a teaching role (teacher, substitute teacher, group director) in the node itself; its
// students are its current students; its relatives are the parent-like relatives of those students.
// Teachers of the group and administrators manage its classroom; students see their own submissions;
// relatives read their children's.

export type ClassroomRole = 'teacher' | 'student' | 'relative';

/** The caller may publish to the group and read and review all of its submissions. */
export async function managesGroup(db: Database, caller: Caller, nodeId: number): Promise<boolean> {
  if (caller.isAdmin) return true;
  return (await findTaughtNodeIds(db, caller.orgId, caller.id)).includes(nodeId);
}

/** The caller acts for the person of a people/{id} path: themself, a parent-like relative of theirs, an administrator. */
export function actsFor(caller: Caller, personId: number): boolean {
  return caller.id === personId || caller.isAdmin || caller.childIds.includes(personId);
}

export interface Membership {
  nodeId: number;
  role: ClassroomRole;
  /** The students whose submissions the person sees there: themself as a student, their children as a relative. */
  studentIds: number[];
}

/** Every classroom group of a person, one role each (teacher over student over relative). */
export async function classroomMemberships(db: Database, orgId: number, personId: number): Promise<Membership[]> {
  const byNode = new Map<number, Membership>();
  const children = await findChildIds(db, orgId, personId);
  for (const row of await findStudentNodes(db, orgId, children)) {
    const m = byNode.get(row.node_id) ?? { nodeId: row.node_id, role: 'relative' as const, studentIds: [] };
    m.studentIds.push(row.person_id);
    byNode.set(row.node_id, m);
  }
  for (const row of await findStudentNodes(db, orgId, [personId])) byNode.set(row.node_id, { nodeId: row.node_id, role: 'student', studentIds: [personId] });
  for (const nodeId of await findTaughtNodeIds(db, orgId, personId)) byNode.set(nodeId, { nodeId, role: 'teacher', studentIds: [] });
  for (const m of byNode.values()) m.studentIds.sort((a, b) => a - b);
  return [...byNode.values()];
}

/** The person's membership of one group, or null. */
export async function membershipIn(db: Database, orgId: number, personId: number, nodeId: number): Promise<Membership | null> {
  return (await classroomMemberships(db, orgId, personId)).find((m) => m.nodeId === nodeId) ?? null;
}
