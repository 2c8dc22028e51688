import { TEACHING_ROLES, type Contact } from '@patio/core';
import type { Database } from '../../db/database';
import type { Caller } from '../../policy/policy';
import { findMembershipsIn, findNodeIdsOf, isCurrentMembership } from '../nodes/index';
import { findRouteReach } from './caller-reach';
import { findContactStaffIds, findParentLikeRelativeIds, findRelativeIdsOf, findStaffIds } from './people.queries';

export type ContactReason = Contact['reasons'][number];

/**
 * The people `subject` may message (the Contacts tab), each with why. The one definition of
 * "contact": GET people/{id}/contacts lists it and GET people/{id} lets contacts open the card.
 * - relatives: the teachers, substitute teachers and group directors of their children's nodes,
 *   plus their own family ('relative') and the other relatives of their children ('family': the
 *   co-parent, also in split households, step-parents, grandparents);
 * - students: the teachers of their nodes, their classmates and their family;
 * - teachers: the students of the nodes they teach and those students' parents, plus the other staff;
 * - administrators and employees: all staff;
 * - drivers: the parent-like relatives of the riders of their routes (whom to call about a child);
 * - everyone: staff flagged as contacts (reception, coordination).
 * Withdrawn, graduated and inactive enrollments do not count. Nobody whose registration is not
 * approved is anyone's contact: the list query leaves them out (contacts.service.ts), and so does
 * personAccess for anyone's card. The same rule in SQL: contactOfFilter (people.access.sql.ts).
 */
export async function findContactReasons(db: Database, subject: Caller): Promise<Map<number, Set<ContactReason>>> {
  const { orgId } = subject;
  const reasons = new Map<number, Set<ContactReason>>();
  const add = (ids: Iterable<number>, reason: ContactReason) => {
    for (const id of ids) {
      if (id === subject.id) continue;
      if (!reasons.has(id)) reasons.set(id, new Set());
      reasons.get(id)!.add(reason);
    }
  };
  const teachersOf = async (nodeIds: number[]) => {
    for (const m of await findMembershipsIn(db, orgId, nodeIds, TEACHING_ROLES)) {
      add([m.person_id], m.role === 'group_director' ? 'group_director' : 'teacher');
    }
  };

  add(subject.relativeIds, 'relative');
  // Someone who is already one's own relative is not listed twice.
  const ownRelatives = new Set(subject.relativeIds);
  add((await findRelativeIdsOf(db, orgId, subject.childIds)).filter((id) => !ownRelatives.has(id)), 'family');
  add(await findContactStaffIds(db, orgId), 'staff');

  const childNodes = await findNodeIdsOf(db, orgId, subject.childIds, ['student']);
  await teachersOf(childNodes);

  const ownStudentNodes = await findNodeIdsOf(db, orgId, [subject.id], ['student']);
  await teachersOf(ownStudentNodes);
  const classmates = await findMembershipsIn(db, orgId, ownStudentNodes, ['student']);
  add(classmates.filter(isCurrentMembership).map((m) => m.person_id), 'classmate');

  if (subject.teachingNodeIds.length > 0) {
    const students = (await findMembershipsIn(db, orgId, subject.teachingNodeIds, ['student']))
      .filter(isCurrentMembership)
      .map((m) => m.person_id);
    add(students, 'student');
    add(await findParentLikeRelativeIds(db, orgId, students), 'student_relative');
  }
  if (subject.isStaff) add(await findStaffIds(db, orgId), 'colleague');
  add((await findRouteReach(db, subject)).familyIds, 'student_relative');
  return reasons;
}
