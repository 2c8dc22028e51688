import type { Contact } from '@patio/core';
import type { RequestContext } from '../../http/context';
import { notFound } from '../../http/errors';
import { findMembershipsIn, findNodeIdsOf } from '../nodes/nodes.queries';
import { findCaller, findContactStaffIds, findStaffIds, findParentLikeRelativeIds } from './people.queries';
import { cardsOf } from './people.service';

type Reason = Contact['reasons'][number];

/**
 * GET people/{id}/contacts: the people this person may message (the Contacts tab), with why.
 * - relatives: the teachers, substitute teachers and group directors of their children's nodes,
 *   plus their own family;
 * - students: the teachers of their nodes, their classmates and their family;
 * - teachers: the students of the nodes they teach and those students' parents, plus the other staff;
 * - administrators and employees: all staff;
 * - everyone: staff flagged as contacts (reception, coordination).
 * Withdrawn, graduated and inactive enrollments do not count.
 */
export async function listContacts(ctx: RequestContext, personId: number): Promise<Contact[]> {
  const subject = await findCaller(ctx.db, ctx.org.id, personId);
  if (!subject) throw notFound('There is no such person in this school');
  const reasons = new Map<number, Set<Reason>>();
  const add = (ids: Iterable<number>, reason: Reason) => {
    for (const id of ids) {
      if (id === personId) continue;
      if (!reasons.has(id)) reasons.set(id, new Set());
      reasons.get(id)!.add(reason);
    }
  };
  const teachersOf = async (nodeIds: number[]) => {
    for (const m of await findMembershipsIn(ctx.db, ctx.org.id, nodeIds, ['teacher', 'substitute_teacher', 'group_director'])) {
      add([m.person_id], m.role === 'group_director' ? 'group_director' : 'teacher');
    }
  };
  const inactive = ['withdrawn', 'graduated', 'inactive'];

  add(subject.relativeIds, 'relative');
  add(await findContactStaffIds(ctx.db, ctx.org.id), 'staff');

  const childNodes = await findNodeIdsOf(ctx.db, ctx.org.id, subject.childIds, ['student']);
  await teachersOf(childNodes);

  const ownStudentNodes = await findNodeIdsOf(ctx.db, ctx.org.id, [personId], ['student']);
  await teachersOf(ownStudentNodes);
  const classmates = await findMembershipsIn(ctx.db, ctx.org.id, ownStudentNodes, ['student']);
  add(classmates.filter((m) => !inactive.includes(m.enrollment_status ?? '')).map((m) => m.person_id), 'classmate');

  if (subject.teachingNodeIds.length > 0) {
    const students = (await findMembershipsIn(ctx.db, ctx.org.id, subject.teachingNodeIds, ['student']))
      .filter((m) => !inactive.includes(m.enrollment_status ?? ''))
      .map((m) => m.person_id);
    add(students, 'student');
    add(await findParentLikeRelativeIds(ctx.db, ctx.org.id, students), 'student_relative');
  }
  if (subject.isStaff) add(await findStaffIds(ctx.db, ctx.org.id), 'colleague');

  const cards = await cardsOf(ctx, [...reasons.keys()]);
  return cards.map((c) => ({ ...c, reasons: [...reasons.get(c.id)!].sort() }));
}
