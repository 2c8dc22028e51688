import type { Database } from '../../db/database';
import type { Caller } from '../../policy/policy';
import { findTeachingLinks } from './people.queries';

/**
 * Who sees what of a person (DESIGN "Permissions", issue 3 §2):
 * - card (id, names, avatar, roles): every signed-in member of the school;
 * - school data (document, gender, birthday, email, mobile, student code, groups, relatives):
 *   administrators and employees for everyone; teachers, substitute teachers and group directors for
 *   the members of the nodes they teach, those students' relatives, and other staff;
 * - full profile (school data + language, admin flag): the person, their relatives, administrators;
 * - clinic data (blood type, weight, height, insurance): the person, their parent-like relatives
 *   (father, mother, guardian…), administrators, and the teachers/group directors of a node where
 *   the person is a student. Employees who are not administrators do not see it.
 */
export type ProfileLevel = 'card' | 'school' | 'full';

export interface ProfileAccess {
  level: ProfileLevel;
  clinic: boolean;
}

export async function profileAccess(db: Database, caller: Caller, personId: number): Promise<ProfileAccess> {
  if (caller.id === personId || caller.isAdmin) return { level: 'full', clinic: true };
  const isRelative = caller.relativeIds.includes(personId);
  const isParent = caller.childIds.includes(personId);
  if (isRelative) return { level: 'full', clinic: isParent };
  if (caller.teachingNodeIds.length === 0) return { level: caller.isSchoolWide ? 'school' : 'card', clinic: false };
  const links = await findTeachingLinks(db, caller.orgId, caller.teachingNodeIds, personId);
  const seesSchoolData = caller.isSchoolWide || links.isMember || links.isRelativeOfStudent || links.isStaff;
  return { level: seesSchoolData ? 'school' : 'card', clinic: links.isStudent };
}

/** School data or more: children, relatives and groups of the person. */
export async function canSeeSchoolData(db: Database, caller: Caller, personId: number): Promise<boolean> {
  return (await profileAccess(db, caller, personId)).level !== 'card';
}

/** Avatar and the person's own contacts: the person, their parent-like relatives, administrators. */
export function actsForPerson(caller: Caller, personId: number): boolean {
  return caller.id === personId || caller.isAdmin || caller.childIds.includes(personId);
}
