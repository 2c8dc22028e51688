import { STAFF_ROLES, type MembershipRole } from '@patio/core/schemas/people';
import type { PersonProfile } from '@patio/core/schemas/people';

/** Administrators, teachers and employees: they see every route of the school on one map. */
export function isStaff(user: Pick<PersonProfile, 'roles' | 'isAdmin'> | null): boolean {
  if (!user) return false;
  return user.isAdmin === true || (user.roles ?? []).some((role) => role === 'administrator' || STAFF_ROLES.includes(role as MembershipRole));
}
