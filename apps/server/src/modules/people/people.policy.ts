import { z } from 'zod';
import { notFound } from '../../http/errors';
import type { Caller, PolicyContext } from '../../policy/policy';
import { definePolicy, zId } from '../../policy/policy';
import type { Database } from '../../db/database';
import { isRelativeOf, personExists } from './people.queries';

/** Full profile: the person, their relatives (either direction) and school administrators. */
export async function canSeeFullProfile(db: Database, caller: Caller, personId: number): Promise<boolean> {
  if (caller.isAdmin || caller.id === personId) return true;
  return isRelativeOf(db, caller.orgId, personId, caller.id);
}

export const peoplePolicies = {
  /** GET people/{id}: anyone signed in to the school sees at least the public card; unknown → 404. */
  readPerson: definePolicy({
    method: 'GET',
    path: 'people/:id',
    params: z.object({ id: zId }),
    check: async ({ db, org, params }: PolicyContext<{ id: number }>) => {
      if (!(await personExists(db, org.id, params.id))) throw notFound('There is no such person in this school');
      return true;
    },
  }),
};
