import { z } from 'zod';
import { notFound } from '../../http/errors';
import { definePolicy, type PolicyContext, zId } from '../../policy/policy';
import { actsForPerson, canSeeProfile, personExists } from '../people/index';

// Who may open a person's tab (issue 36 §1). The tab is the staff workspace's: staff who may see the
// person at all (GET people/{id}'s rule) and the person themself; the overview also their
// parent-like relatives. Everyone else 403, as GET people/{id} answers someone it hides; an id of
// nobody in this school (another school's, say) 404. Each fact inside is narrowed by its own area.

const byId = z.object({ id: zId });
type ById = PolicyContext<{ id: number }>;

/** GET people/{id}'s answer first: 404 for nobody of this school, false for a person the caller may not see. */
async function seesPerson({ caller, db, org, params }: ById): Promise<boolean> {
  if (caller?.id === params.id) return true;
  if (!(await personExists(db, org.id, params.id))) throw notFound('There is no such person in this school');
  return canSeeProfile(db, caller!, params.id);
}

export const persontabPolicies = {
  /** GET people/{id}/overview: staff who see the person, the person, their parent-like relatives. */
  readOverview: definePolicy({
    method: 'GET',
    path: 'people/:id/overview',
    params: byId,
    check: async (ctx: ById) => (await seesPerson(ctx)) && (ctx.caller!.isStaff || actsForPerson(ctx.caller!, ctx.params.id)),
  }),
  /** GET people/{id}/addressed: staff who see the person, and the person. */
  listAddressed: definePolicy({
    method: 'GET',
    path: 'people/:id/addressed',
    params: byId,
    check: async (ctx: ById) => (await seesPerson(ctx)) && (ctx.caller!.isStaff || ctx.caller!.id === ctx.params.id),
  }),
};
