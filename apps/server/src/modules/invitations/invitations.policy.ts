import { z } from 'zod';
import { always, definePolicy, isSchoolAdmin, zId } from '../../policy/policy';

const personParams = z.object({ personId: zId });

export const invitationsPolicies = {
  /** POST invitations: school administrators invite families in bulk. */
  sendInvitations: definePolicy({ method: 'POST', path: 'invitations', check: isSchoolAdmin }),
  /** GET invitations, GET invitations/counts: school administrators follow who got in. */
  listInvitations: definePolicy({ method: 'GET', path: 'invitations', check: isSchoolAdmin }),
  countInvitations: definePolicy({ method: 'GET', path: 'invitations/counts', check: isSchoolAdmin }),
  /** GET/POST invitations/{personId}: one person's invitation, and sending it (again). */
  getInvitation: definePolicy({ method: 'GET', path: 'invitations/:personId', params: personParams, check: isSchoolAdmin }),
  sendInvitation: definePolicy({ method: 'POST', path: 'invitations/:personId', params: personParams, check: isSchoolAdmin }),
  /** POST invitations/welcome and …/accept: the holder of a mailed link, before any sign-in. */
  openWelcome: definePolicy({ method: 'POST', path: 'invitations/welcome', public: true, check: always }),
  acceptWelcome: definePolicy({ method: 'POST', path: 'invitations/welcome/accept', public: true, check: always }),
};
