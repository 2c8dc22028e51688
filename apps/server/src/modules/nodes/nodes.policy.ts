import { z } from 'zod';
import type { Database } from '../../db/database';
import { notFound } from '../../http/errors';
import type { PolicyContext } from '../../policy/policy';
import { definePolicy, isSignedIn, zId } from '../../policy/policy';
import { canListNodes, canSeeMembers, canShapeNodes } from './nodes.access';
import { findNode } from './nodes.queries';

const byId = z.object({ id: zId });
type ById = PolicyContext<{ id: number }>;

async function requireNode(db: Database, orgId: number, id: number): Promise<void> {
  if (!(await findNode(db, orgId, id))) throw notFound('There is no such node in this school');
}

const nodeExists = async ({ db, org, params }: ById) => {
  await requireNode(db, org.id, params.id);
  return true;
};
const adminOnNode = async ({ caller, db, org, params }: ById) => {
  await requireNode(db, org.id, params.id);
  return canShapeNodes(caller!);
};

export const nodesPolicies = {
  /** GET node-types and a node: every signed-in member (names of groups are not personal data). */
  listNodeTypes: definePolicy({ method: 'GET', path: 'node-types', check: isSignedIn }),
  /** The Groups screen: staff and drivers, each seeing the groups in their care (canListNodes, listableNodeIds). */
  readTree: definePolicy({ method: 'GET', path: 'nodes', check: ({ caller }) => canListNodes(caller!) }),
  readNode: definePolicy({ method: 'GET', path: 'nodes/:id', params: byId, check: nodeExists }),
  listChildren: definePolicy({ method: 'GET', path: 'nodes/:id/children', params: byId, check: nodeExists }),
  listMembers: definePolicy({
    method: 'GET',
    path: 'nodes/:id/members',
    params: byId,
    check: async ({ caller, db, org, params }: ById) => {
      await requireNode(db, org.id, params.id);
      return canSeeMembers(db, caller!, params.id);
    },
  }),
  /** Shaping the tree and its memberships: school administrators. */
  createNode: definePolicy({ method: 'POST', path: 'nodes', check: ({ caller }) => canShapeNodes(caller!) }),
  updateNode: definePolicy({ method: 'PATCH', path: 'nodes/:id', params: byId, check: adminOnNode }),
  deleteNode: definePolicy({ method: 'DELETE', path: 'nodes/:id', params: byId, check: adminOnNode }),
  addMember: definePolicy({ method: 'POST', path: 'nodes/:id/members', params: byId, check: adminOnNode }),
  removeMember: definePolicy({
    method: 'DELETE',
    path: 'nodes/:id/members/:personId',
    params: z.object({ id: zId, personId: zId }),
    check: async ({ caller, db, org, params }: PolicyContext<{ id: number }>) => {
      await requireNode(db, org.id, params.id);
      return canShapeNodes(caller!);
    },
  }),
};
