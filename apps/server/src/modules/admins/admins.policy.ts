import { z } from 'zod';
import { definePolicy, isSchoolAdmin, isSignedIn, zId } from '../../policy/policy';

export const adminsPolicies = {
  /** GET admins: every member of the school may know who runs it. */
  listAdmins: definePolicy({ method: 'GET', path: 'admins', check: isSignedIn }),
  /** POST admins, DELETE admins/{personId}: school administrators. */
  addAdmin: definePolicy({ method: 'POST', path: 'admins', check: isSchoolAdmin }),
  removeAdmin: definePolicy({ method: 'DELETE', path: 'admins/:personId', params: z.object({ personId: zId }), check: isSchoolAdmin }),
};
