import type { Database } from '../../db/database';
import { type ResourceAccess, canSee } from '../../policy/access';
import { memoised } from '../../policy/caller-memo';
import type { Caller } from '../../policy/policy';
import { findUnapprovedRegistrantIds, listedFor } from '../../policy/registrants.sql';
import { findCallerReach } from '../nodes/index';
import { findRouteReach } from './caller-reach';
import { findContactReasons } from './contacts.rules';
import { personFilter } from './people.access.sql';
import { findCardRows, findStaffIds, findTeachingLinks } from './people.queries';

/**
 * Who sees what of a person (decision 004, which holds the whole matrix; decision 007 for the shape):
 * - card (id, names, avatar, roles), personAccess below: staff (who see everyone in the directory
 *   anyway), the people who see more (below), the caller's contacts (contacts.rules.ts: classmates,
 *   their children's teachers…), a driver's riders, and for everyone of the school the staff. Anyone
 *   else gets 403;
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

/**
 * Who may see a person at all (their card, GET people/{id}): see the card line above. The batch check
 * answers from the caller's memoised sets, cheapest first and only for the ids still undecided; the
 * filter is the same rule in SQL (people.access.sql.ts) for lists.
 */
export const personAccess: ResourceAccess<'person'> = {
  kind: 'person',
  async visible(db, caller, ids) {
    const wanted = [...new Set(ids)];
    if (caller.isStaff) {
      // Every card of the school but unapproved registrants (administrators see those too), in one query.
      const rows = await findCardRows(db, caller.orgId, wanted, listedFor(caller));
      return new Set([...rows.map((r) => r.id), ...wanted.filter((id) => id === caller.id)]);
    }
    const hidden = await findUnapprovedRegistrantIds(db, caller.orgId, wanted.filter((id) => id !== caller.id));
    const seen = new Set<number>();
    let rest = wanted.filter((id) => !hidden.has(id));
    const take = (has: (id: number) => boolean) => {
      for (const id of rest) if (has(id)) seen.add(id);
      rest = rest.filter((id) => !seen.has(id));
    };
    take((id) => id === caller.id || caller.relativeIds.includes(id));
    if (rest.length > 0 && caller.routeIds.length > 0) {
      const route = await findRouteReach(db, caller);
      take((id) => route.riderIds.has(id) || route.familyIds.has(id));
    }
    if (rest.length > 0) {
      const staff = await memoised(caller, 'staff', async () => new Set(await findStaffIds(db, caller.orgId)));
      take((id) => staff.has(id));
    }
    if (rest.length > 0) {
      const contacts = await memoised(caller, 'contacts', () => findContactReasons(db, caller));
      take((id) => contacts.has(id));
    }
    return seen;
  },
  async filter(_db, caller) {
    return personFilter(caller);
  },
};

/** GET people/{id}: at least the card (personAccess). */
export function canSeeProfile(db: Database, caller: Caller, personId: number): Promise<boolean> {
  return canSee(personAccess, db, caller, personId);
}

/** Avatar and the person's own contacts: the person, their parent-like relatives, administrators. */
export function actsForPerson(caller: Caller, personId: number): boolean {
  return caller.id === personId || caller.isAdmin || caller.childIds.includes(personId);
}
