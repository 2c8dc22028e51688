import { STAFF_ROLES, type MembershipRole } from '@patio/core/people/roles';
import type { PersonProfile } from '@patio/core/schemas/people';

type Viewer = Pick<PersonProfile, 'roles' | 'isAdmin'> | null;

/**
 * The tabbed workspace is for staff (administrators, teachers, employees), as the signed-in person's
 * own profile says; the server still decides what each tab's screens may show.
 */
export function hasWorkspace(user: Viewer): boolean {
  if (!user) return false;
  return isAdministrator(user) || (user.roles ?? []).some((role) => STAFF_ROLES.includes(role as MembershipRole));
}

/** Only administrators open the admin tab. */
export function isAdministrator(user: Viewer): boolean {
  return user !== null && (user.isAdmin === true || (user.roles ?? []).includes('administrator'));
}
