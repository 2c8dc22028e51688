import { z } from 'zod';
import { notFound } from '../../http/errors';
import type { PolicyContext } from '../../policy/policy';
import { definePolicy, isStaff, zId } from '../../policy/policy';
import { avatarFilePattern } from './avatar.service';
import { personExists } from './people.queries';
import { actsForPerson, canSeeProfile, canSeeSchoolData } from './people.access';

const byId = z.object({ id: zId });
type ById = PolicyContext<{ id: number }>;

/** Unknown (or other-school) ids are 404 for everyone who could otherwise ask. */
async function requirePerson({ caller, db, org, params }: ById): Promise<void> {
  if (caller?.id === params.id) return; // the caller was just read from this school's people
  if (!(await personExists(db, org.id, params.id))) throw notFound('There is no such person in this school');
}

/** Who may see the school data of `:id` (children, relatives): see people.access.ts. */
const seesSchoolData = async (ctx: ById) => {
  await requirePerson(ctx);
  return canSeeSchoolData(ctx.db, ctx.caller!, ctx.params.id);
};

/** The person, their parent-like relatives and administrators (people.access.ts actsForPerson). */
const actsFor = async (ctx: ById) => {
  await requirePerson(ctx);
  return actsForPerson(ctx.caller!, ctx.params.id);
};

export const peoplePolicies = {
  /** GET people: the directory is for staff (admins, employees, teachers); families use Contacts. */
  searchPeople: definePolicy({ method: 'GET', path: 'people', check: isStaff }),

  /**
   * GET people/{id}: staff, whoever sees more than the card, the caller's contacts, and everyone for
   * staff members; another family's child or parent is 403 (people.access.ts). Unknown → 404.
   */
  readPerson: definePolicy({
    method: 'GET',
    path: 'people/:id',
    params: byId,
    check: async (ctx: ById) => {
      await requirePerson(ctx);
      return canSeeProfile(ctx.db, ctx.caller!, ctx.params.id);
    },
  }),

  /** PATCH people/{id}: the person (own contact data) or a school administrator (everything). */
  updatePerson: definePolicy({
    method: 'PATCH',
    path: 'people/:id',
    params: byId,
    check: async (ctx: ById) => {
      await requirePerson(ctx);
      return ctx.caller!.id === ctx.params.id || ctx.caller!.isAdmin;
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
    check: actsFor,
  }),

  /** PUT people/{id}/avatar: the person, their parent-like relatives and administrators. */
  setAvatar: definePolicy({
    method: 'PUT',
    path: 'people/:id/avatar',
    params: byId,
    check: actsFor,
  }),

  /** DELETE people/{id}/avatar: as PUT. */
  removeAvatar: definePolicy({
    method: 'DELETE',
    path: 'people/:id/avatar',
    params: byId,
    check: actsFor,
  }),

  /**
   * GET files/avatars/{file}: no token, because <img> cannot send one; the URL's signature (given out
   * only in the cards and profiles the API shows to signed-in people of the school) is the right.
   */
  readAvatarFile: definePolicy({
    method: 'GET',
    path: 'files/avatars/:file',
    params: z.object({ file: z.string().regex(avatarFilePattern, 'Not an avatar file name') }),
    public: true,
    check: () => true,
  }),
};
