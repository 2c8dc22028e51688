import type { MembershipRole } from '@patio/core';

/** The order of roles in a member's entry and of people in a roster: those who lead the group first. */
export const ROLE_ORDER: readonly MembershipRole[] = ['group_director', 'teacher', 'substitute_teacher', 'employee', 'student'];

const rankOf = (role: string) => {
  const rank = ROLE_ORDER.indexOf(role as MembershipRole);
  return rank === -1 ? ROLE_ORDER.length : rank;
};

/**
 * Membership rows (one per person and role, a person's rows together, people in name order) as one
 * entry per person with their memberships in ROLE_ORDER; people ordered by their first role, then
 * by name (the rows' order), so a class reads director, teachers, staff, then students A–Z.
 */
export function groupMembers<R extends { id: number; role: string }, M>(rows: readonly R[], toMembership: (row: R) => M): { row: R; memberships: M[] }[] {
  const byPerson = new Map<number, R[]>();
  for (const row of rows) byPerson.set(row.id, [...(byPerson.get(row.id) ?? []), row]);
  const people = [...byPerson.values()].map((own) => [...own].sort((a, b) => rankOf(a.role) - rankOf(b.role)));
  // Array.prototype.sort is stable: people of one rank keep the name order of the rows.
  people.sort((a, b) => rankOf(a[0].role) - rankOf(b[0].role));
  return people.map((own) => ({ row: own[0], memberships: own.map(toMembership) }));
}
