import type { Database } from '../../db/database';
import type { Caller } from '../../policy/policy';
import { memoised } from './caller-memo';
import { findCallerReach, findRouteReach } from './caller-reach';
import { findContactReasons } from './contacts.rules';
import { findTeachingLinks, isStaffMember } from './people.queries';
import { findUnapprovedRegistrantIds } from './registrants';

/**
 * Who sees what of a person (decision 004, which holds the whole matrix):
 * - card (id, names, avatar, roles): staff (who see everyone in the directory anyway), the people
 *   who see more (below), the caller's contacts (contacts.rules.ts: classmates, their children's
 *   teachers…), a driver's riders, and for everyone of the school the staff. Anyone else gets 403;
 * - contact (card + mobile): a driver, for the parent-like relatives of the riders of their routes;
 * - school data (document, gender, birthday, email, mobile, student code, groups, relatives):
 *   school-wide staff (administrators, employees of a root node) for everyone; teachers, substitutes,
 *   group directors and employees of a node for the current members of that node's subtree, those
 *   students' parent-like relatives, and other staff;
 * - full profile (school data + language, admin flag): the person, their relatives, administrators;
 * - clinic data (blood type, weight, height, insurance): the person, their parent-like relatives
 *   (father, mother, guardian…), administrators, and the teachers/group directors of a node (or an
 *   ancestor of it) where the person is a current student. Employees who are not administrators do not.
 * Withdrawn, graduated and inactive enrollments grant nothing; an account whose registration is not
 * approved is seen by administrators and itself only.
 */
export type ProfileLevel = 'card' | 'contact' | 'school' | 'full';

export interface ProfileAccess {
  level: ProfileLevel;
  clinic: boolean;
}

const cardOnly: ProfileAccess = { level: 'card', clinic: false };

/** `personId` registered themselves and is not approved yet: nobody's but theirs and the administrators'. */
async function isHiddenFrom(db: Database, caller: Caller, personId: number): Promise<boolean> {
  if (caller.id === personId || caller.isAdmin) return false;
  return memoised(caller, `hidden:${personId}`, async () => (await findUnapprovedRegistrantIds(db, caller.orgId, [personId])).has(personId));
}

export async function profileAccess(db: Database, caller: Caller, personId: number): Promise<ProfileAccess> {
  if (caller.id === personId || caller.isAdmin) return { level: 'full', clinic: true };
  if (await isHiddenFrom(db, caller, personId)) return cardOnly;
  if (caller.relativeIds.includes(personId)) return { level: 'full', clinic: caller.childIds.includes(personId) };
  if (caller.isSchoolWide) return { level: 'school', clinic: await teachesStudent(db, caller, personId) };
  const reach = await findCallerReach(db, caller);
  if (reach.staffNodeIds.size > 0) {
    const links = await memoised(caller, `links:${personId}`, () =>
      findTeachingLinks(db, caller.orgId, [...reach.staffNodeIds], [...reach.teachingNodeIds], personId),
    );
    if (links.isMember || links.isRelativeOfStudent || links.isStaff) return { level: 'school', clinic: links.isStudent };
  }
  if ((await findRouteReach(db, caller)).familyIds.has(personId)) return { level: 'contact', clinic: false };
  return cardOnly;
}

/** A school-wide employee who also teaches sees the clinic data of their own students. */
async function teachesStudent(db: Database, caller: Caller, personId: number): Promise<boolean> {
  const reach = await findCallerReach(db, caller);
  if (reach.teachingNodeIds.size === 0) return false;
  const links = await memoised(caller, `links:${personId}`, () =>
    findTeachingLinks(db, caller.orgId, [...reach.staffNodeIds], [...reach.teachingNodeIds], personId),
  );
  return links.isStudent;
}

/** School data or more: children, relatives and groups of the person. */
export async function canSeeSchoolData(db: Database, caller: Caller, personId: number): Promise<boolean> {
  const { level } = await profileAccess(db, caller, personId);
  return level === 'school' || level === 'full';
}

/** GET people/{id}: at least the card (see above); cheapest checks first. */
export async function canSeeProfile(db: Database, caller: Caller, personId: number): Promise<boolean> {
  if (await isHiddenFrom(db, caller, personId)) return false;
  if (caller.isStaff || (await profileAccess(db, caller, personId)).level !== 'card') return true;
  if ((await findRouteReach(db, caller)).riderIds.has(personId)) return true;
  if (await isStaffMember(db, caller.orgId, personId)) return true;
  return isContactOf(db, caller, personId);
}

/** `personId` is one of the caller's contacts (contacts.rules.ts). */
export async function isContactOf(db: Database, caller: Caller, personId: number): Promise<boolean> {
  const contacts = await memoised(caller, 'contacts', () => findContactReasons(db, caller));
  return contacts.has(personId);
}

/** Avatar and the person's own contacts: the person, their parent-like relatives, administrators. */
export function actsForPerson(caller: Caller, personId: number): boolean {
  return caller.id === personId || caller.isAdmin || caller.childIds.includes(personId);
}
