import { z } from 'zod';
import { always, definePolicy, isSchoolAdmin, isSignedIn, zId } from '../../policy/policy';

const personParams = z.object({ personId: zId });

export const registrationPolicies = {
  /** GET registration: anyone (the sign-up screen asks before sign-in). */
  readRegistration: definePolicy({ method: 'GET', path: 'registration', public: true, check: always }),
  /** POST registration: a family registers itself when the school allows it. */
  register: definePolicy({ method: 'POST', path: 'registration', public: true, check: always }),
  /** POST registration/verify: the link of the verification mail. */
  verify: definePolicy({ method: 'POST', path: 'registration/verify', public: true, check: always }),
  /** GET registration/mine: a self-registered account follows its registration (also while it is pending). */
  mine: definePolicy({ method: 'GET', path: 'registration/mine', registrants: true, check: isSignedIn }),
  /** GET registrations: school administrators review registered families. */
  listRegistrations: definePolicy({ method: 'GET', path: 'registrations', check: isSchoolAdmin }),
  /** Approve as a new person, send the matched parent a confirmation, or link by decision (decision 023). */
  approve: definePolicy({ method: 'POST', path: 'registrations/:personId/approve', params: personParams, check: isSchoolAdmin }),
  /** GET registrations/link-decisions: the audit of links made without a confirmation. */
  linkDecisions: definePolicy({ method: 'GET', path: 'registrations/link-decisions', check: isSchoolAdmin }),
  /** POST registration/link/check: the mailed confirmation link, read without answering (only by its token). */
  checkLink: definePolicy({ method: 'POST', path: 'registration/link/check', public: true, check: always }),
  /** POST registration/link: the person on file confirms or refuses (only by its token). */
  answerLink: definePolicy({ method: 'POST', path: 'registration/link', public: true, check: always }),
  reject: definePolicy({ method: 'POST', path: 'registrations/:personId/reject', params: personParams, check: isSchoolAdmin }),
};
