import type { ActivitySlot } from '@patio/core';
import { isCurrentMembership, subtreeIds } from '../nodes/index';

// The rules of activities that need no database (issue 37 §1 and §3): who is eligible, when two weekly
// schedules meet, and the shape of a schedule. The service feeds them rows.

interface TreeNode {
  id: number;
  parent_id: number | null;
  type_key: string;
}

interface StudentMembership {
  person_id: number;
  node_id: number;
  role: string;
  enrollment_status: string | null;
}

/**
 * The students of `studentIds` who are eligible: a current student of one of the eligible nodes or of
 * a node below one. Being a student of an activity makes no one eligible for another.
 */
export function eligibleStudents(
  tree: readonly TreeNode[],
  eligibleNodeIds: readonly number[],
  memberships: readonly StudentMembership[],
  activityTypeKey: string,
): Set<number> {
  const reached = new Set(eligibleNodeIds.flatMap((id) => subtreeIds([...tree], id)));
  const activityNodes = new Set(tree.filter((n) => n.type_key === activityTypeKey).map((n) => n.id));
  const out = new Set<number>();
  for (const m of memberships) {
    if (m.role === 'student' && isCurrentMembership(m) && reached.has(m.node_id) && !activityNodes.has(m.node_id)) out.add(m.person_id);
  }
  return out;
}

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The index of the first slot that does not end after it starts, or -1. */
export function badSlotIndex(schedule: readonly ActivitySlot[]): number {
  return schedule.findIndex((slot) => minutes(slot.end) <= minutes(slot.start));
}

interface Timetable {
  term_from: string;
  term_to: string;
  schedule: readonly ActivitySlot[];
}

/** Two activities meet: their terms share a day and two of their weekly slots share a day and a minute. */
export function schedulesOverlap(a: Timetable, b: Timetable): boolean {
  if (a.term_to < b.term_from || b.term_to < a.term_from) return false;
  return a.schedule.some((x) => b.schedule.some((y) => x.day === y.day && minutes(x.start) < minutes(y.end) && minutes(y.start) < minutes(x.end)));
}

/** Places not yet taken by an accepted, pending or offered request, never below 0. */
export function placesLeft(places: number, counts: { accepted: number; pending: number; offered: number }): number {
  return Math.max(0, places - takenPlaces(counts));
}

/** Places an accepted, pending or offered request holds. */
export function takenPlaces(counts: { accepted: number; pending: number; offered: number }): number {
  return counts.accepted + counts.pending + counts.offered;
}
