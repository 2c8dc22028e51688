import { z } from 'zod';
import { notFound } from '../../http/errors';
import { definePolicy, type PolicyContext, zId } from '../../policy/policy';
import { actsForPerson, personExists } from '../people/index';

// Who may fetch a person's ID card code (issue 36 §3): whoever acts for the person as the people routes
// define it (the person, their parent-like relatives, administrators). A code marks its holder present,
// so teachers, other families and classmates are refused (403) even where they may see the profile.
// Unapproved registrants are refused before this runs (the policy is not `registrants`).

const byId = z.object({ id: zId });

export const idcardsPolicies = {
  readIdCode: definePolicy({
    method: 'GET',
    path: 'people/:id/id-code',
    params: byId,
    check: async ({ caller, db, org, params }: PolicyContext<{ id: number }>) => {
      if (caller!.id !== params.id && !(await personExists(db, org.id, params.id))) throw notFound('There is no such person in this school');
      return actsForPerson(caller!, params.id);
    },
  }),
};
