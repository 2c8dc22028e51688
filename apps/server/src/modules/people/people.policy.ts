import { z } from 'zod';
import type { Database } from '../../db/database';
import { notFound } from '../../http/errors';
import type { PolicyContext } from '../../policy/policy';
import { definePolicy, isStaff, zId } from '../../policy/policy';
import { avatarFilePattern } from './avatar.service';
import { personExists } from './people.queries';
import { actsForPerson, canSeeSchoolData } from './people.visibility';

const byId = z.object({ id: zId });
type ById = PolicyContext<{ id: number }>;

/** Unknown (or other-school) ids are 404 for everyone who could otherwise ask. */
async function requirePerson(db: Database, orgId: number, id: number): Promise<void> {
  if (!(await personExists(db, orgId, id))) throw notFound('There is no such person in this school');
}

/** Who may see the school data of `:id` (children, relatives): see people.visibility.ts. */
const seesSchoolData = async ({ caller, db, org, params }: ById) => {
  await requirePerson(db, org.id, params.id);
  return canSeeSchoolData(db, caller!, params.id);
};

export const peoplePolicies = {
  /** GET people: the directory is for staff (admins, employees, teachers); families use Contacts. */
  searchPeople: definePolicy({ method: 'GET', path: 'people', check: isStaff }),

  /** GET people/{id}: anyone signed in to the school sees at least the public card; unknown → 404. */
  readPerson: definePolicy({
    method: 'GET',
    path: 'people/:id',
    params: byId,
    check: async ({ db, org, params }: ById) => {
      await requirePerson(db, org.id, params.id);
      return true;
    },
  }),

  /** PATCH people/{id}: the person (own contact data) or a school administrator (everything). */
  updatePerson: definePolicy({
    method: 'PATCH',
    path: 'people/:id',
    params: byId,
    check: async ({ caller, db, org, params }: ById) => {
      await requirePerson(db, org.id, params.id);
      return caller!.id === params.id || caller!.isAdmin;
    },
  }),

  /** GET people/{id}/children: whoever sees the person's school data. */
  listChildren: definePolicy({ method: 'GET', path: 'people/:id/children', params: byId, check: seesSchoolData }),

  /** GET people/{id}/relatives: whoever sees the person's school data. */
  listRelatives: definePolicy({ method: 'GET', path: 'people/:id/relatives', params: byId, check: seesSchoolData }),

  /** GET people/{id}/contacts: the person, their parents (for a child's account) and administrators. */
  listContacts: definePolicy({
    method: 'GET',
    path: 'people/:id/contacts',
    params: byId,
    check: async ({ caller, db, org, params }: ById) => {
      await requirePerson(db, org.id, params.id);
      return actsForPerson(caller!, params.id);
    },
  }),

  /** PUT people/{id}/avatar: the person, their parent-like relatives and administrators. */
  setAvatar: definePolicy({
    method: 'PUT',
    path: 'people/:id/avatar',
    params: byId,
    check: async ({ caller, db, org, params }: ById) => {
      await requirePerson(db, org.id, params.id);
      return actsForPerson(caller!, params.id);
    },
  }),

  /** DELETE people/{id}/avatar: as PUT. */
  removeAvatar: definePolicy({
    method: 'DELETE',
    path: 'people/:id/avatar',
    params: byId,
    check: async ({ caller, db, org, params }: ById) => {
      await requirePerson(db, org.id, params.id);
      return actsForPerson(caller!, params.id);
    },
  }),

  /**
   * GET files/avatars/{file}: public, because <img> cannot send a bearer token; the file name holds
   * 128 random bits, so only someone who was shown the avatar URL can fetch it.
   */
  readAvatarFile: definePolicy({
    method: 'GET',
    path: 'files/avatars/:file',
    params: z.object({ file: z.string().regex(avatarFilePattern, 'Not an avatar file name') }),
    public: true,
    check: () => true,
  }),
};
