import { z } from 'zod';
import { notFound } from '../../http/errors';
import { definePolicy, zId, type PolicyContext } from '../../policy/policy';
import { canSeeMembers } from './nodes.access';
import { findNode } from './nodes.queries';

/** GET nodes/{id}/members.csv: whoever may list the node's members (the columns depend on more rights). */
export const exportMembersPolicy = definePolicy({
  method: 'GET',
  path: 'nodes/:id/members.csv',
  params: z.object({ id: zId }),
  check: async ({ caller, db, org, params }: PolicyContext<{ id: number }>) => {
    if (!(await findNode(db, org.id, params.id))) throw notFound('There is no such node in this school');
    return canSeeMembers(db, caller!, params.id);
  },
});
