import { ZMembershipRole } from '@patio/core';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { notFound } from '../../http/errors';
import type { Caller, PolicyContext } from '../../policy/policy';
import { definePolicy, isSchoolAdmin, isSignedIn, zId } from '../../policy/policy';
import { reachesNode } from '../people/caller-reach';
import { isCurrentMembership } from './enrollment';
import { findMembershipsIn, findNode } from './nodes.queries';

const byId = z.object({ id: zId });
type ById = PolicyContext<{ id: number }>;

async function requireNode(db: Database, orgId: number, id: number): Promise<void> {
  if (!(await findNode(db, orgId, id))) throw notFound('There is no such node in this school');
}

/**
 * Members of a node: school-wide staff see every node; teachers and employees of a node the nodes
 * of its subtree; a driver the routes they drive; everyone else the nodes where they or their
 * children are current members (classmates, team mates). Ended enrollments grant nothing.
 */
export async function canSeeMembers(db: Database, caller: Caller, nodeId: number): Promise<boolean> {
  if (caller.routeIds.includes(nodeId) || (await reachesNode(db, caller, nodeId))) return true;
  const members = (await findMembershipsIn(db, caller.orgId, [nodeId], ZMembershipRole.options)).filter(isCurrentMembership);
  return members.some((m) => m.person_id === caller.id || caller.childIds.includes(m.person_id));
}

/** Enrollment status and outcome of a node's students: school-wide staff and the staff of its subtree. */
export function canSeeEnrollment(db: Database, caller: Caller, nodeId: number): Promise<boolean> {
  return reachesNode(db, caller, nodeId);
}

const nodeExists = async ({ db, org, params }: ById) => {
  await requireNode(db, org.id, params.id);
  return true;
};
const adminOnNode = async ({ caller, db, org, params }: ById) => {
  await requireNode(db, org.id, params.id);
  return caller!.isAdmin;
};

export const nodesPolicies = {
  /** GET node-types and the tree: every signed-in member (names of groups are not personal data). */
  listNodeTypes: definePolicy({ method: 'GET', path: 'node-types', check: isSignedIn }),
  readTree: definePolicy({ method: 'GET', path: 'nodes', check: isSignedIn }),
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
  createNode: definePolicy({ method: 'POST', path: 'nodes', check: isSchoolAdmin }),
  updateNode: definePolicy({ method: 'PATCH', path: 'nodes/:id', params: byId, check: adminOnNode }),
  deleteNode: definePolicy({ method: 'DELETE', path: 'nodes/:id', params: byId, check: adminOnNode }),
  addMember: definePolicy({ method: 'POST', path: 'nodes/:id/members', params: byId, check: adminOnNode }),
  removeMember: definePolicy({
    method: 'DELETE',
    path: 'nodes/:id/members/:personId',
    params: z.object({ id: zId, personId: zId }),
    check: async ({ caller, db, org, params }: PolicyContext<{ id: number }>) => {
      await requireNode(db, org.id, params.id);
      return caller!.isAdmin;
    },
  }),
};
