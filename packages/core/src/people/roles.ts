// Role names without zod, so that code which only compares roles (the shell's workspace) stays small.

/** spec §3 Role labels, as stored on memberships. */
export const MEMBERSHIP_ROLES = ['teacher', 'substitute_teacher', 'student', 'employee', 'group_director'] as const;
export type MembershipRole = (typeof MEMBERSHIP_ROLES)[number];
/** Membership roles that teach a node: its teachers, substitute teachers and group director. */
export const TEACHING_ROLES: readonly MembershipRole[] = ['teacher', 'substitute_teacher', 'group_director'];
/** Membership roles that make someone staff: the teaching roles and employees. */
export const STAFF_ROLES: readonly MembershipRole[] = [...TEACHING_ROLES, 'employee'];
