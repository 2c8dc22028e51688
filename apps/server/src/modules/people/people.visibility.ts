import type { Database } from '../../db/database';
import type { Caller } from '../../policy/policy';
import { findContactReasons } from './contacts.rules';
import { findTeachingLinks, isStaffMember } from './people.queries';

/**
 * Who sees what of a person (DESIGN "Permissions", issue 3 §2):
 * - card (id, names, avatar, roles): staff (who see everyone in the directory anyway), the people
 *   who see more (below), the caller's contacts (contacts.rules.ts: classmates, their children's
 *   teachers…), and for everyone of the school the staff (teachers, employees, administrators).
 *   Anyone else gets 403: another family's child or parent is not for every parent to open;
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

// The answers below are memoised per Caller object, that is per request (findCaller builds one for
// each request): the policy and the service of one request ask the same question once, and nothing
// outlives the request.
const memos = new WeakMap<Caller, Map<string, Promise<unknown>>>();

function memoised<T>(caller: Caller, key: string, load: () => Promise<T>): Promise<T> {
  let memo = memos.get(caller);
  if (!memo) memos.set(caller, (memo = new Map()));
  if (!memo.has(key)) memo.set(key, load());
  return memo.get(key) as Promise<T>;
}

export async function profileAccess(db: Database, caller: Caller, personId: number): Promise<ProfileAccess> {
  if (caller.id === personId || caller.isAdmin) return { level: 'full', clinic: true };
  const isRelative = caller.relativeIds.includes(personId);
  const isParent = caller.childIds.includes(personId);
  if (isRelative) return { level: 'full', clinic: isParent };
  if (caller.teachingNodeIds.length === 0) return { level: caller.isSchoolWide ? 'school' : 'card', clinic: false };
  return memoised(caller, `access:${personId}`, async () => {
    const links = await findTeachingLinks(db, caller.orgId, caller.teachingNodeIds, personId);
    const seesSchoolData = caller.isSchoolWide || links.isMember || links.isRelativeOfStudent || links.isStaff;
    return { level: seesSchoolData ? 'school' : 'card', clinic: links.isStudent };
  });
}

/** School data or more: children, relatives and groups of the person. */
export async function canSeeSchoolData(db: Database, caller: Caller, personId: number): Promise<boolean> {
  return (await profileAccess(db, caller, personId)).level !== 'card';
}

/** GET people/{id}: at least the card (see above); cheapest checks first. */
export async function canSeeProfile(db: Database, caller: Caller, personId: number): Promise<boolean> {
  if (caller.isStaff || (await canSeeSchoolData(db, caller, personId))) return true;
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
