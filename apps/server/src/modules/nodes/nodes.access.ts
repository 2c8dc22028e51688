import { ZMembershipRole } from '@patio/core';
import type { Database } from '../../db/database';
import type { ResourceAccess } from '../../policy/access';
import { canSee } from '../../policy/access';
import { memoised } from '../../policy/caller-memo';
import type { Caller } from '../../policy/policy';
import { isCurrentMembership } from './enrollment';
import { everyNode, nodeMembersFilter } from './nodes.access.sql';
import { findMembershipsIn, findNodes, type NodeRow, subtreeIds } from './nodes.queries';

// Who may see which groups (decision 004 "Rosters", decision 007). Names of groups are no secret: the
// tree is for every signed-in member. What a caller may see of a group is its roster, and, for the
// staff whose reach it is in, its enrollment; shaping the tree is for administrators.

/** Where a caller who is not school-wide reaches (decision 004): whole subtrees, never the school. */
export interface CallerReach {
  /** Subtrees of the nodes they teach or are an employee of: school data and enrollment there. */
  staffNodeIds: Set<number>;
  /** Subtrees of the nodes they teach: clinic data of the students there. */
  teachingNodeIds: Set<number>;
}

const nowhere: CallerReach = { staffNodeIds: new Set(), teachingNodeIds: new Set() };

/** The school's tree, read at most once per request. */
function treeOf(db: Database, caller: Caller): Promise<NodeRow[]> {
  return memoised(caller, 'tree', () => findNodes(db, caller.orgId));
}

/** The caller's reach, read once per request (the school's tree, only for staff with a scoped role). */
export function findCallerReach(db: Database, caller: Caller): Promise<CallerReach> {
  if (caller.teachingNodeIds.length === 0 && caller.employeeNodeIds.length === 0) return Promise.resolve(nowhere);
  return memoised(caller, 'reach', async () => {
    const nodes = await treeOf(db, caller);
    const expand = (ids: number[]) => new Set(ids.flatMap((id) => subtreeIds(nodes, id)));
    return { staffNodeIds: expand([...caller.teachingNodeIds, ...caller.employeeNodeIds]), teachingNodeIds: expand(caller.teachingNodeIds) };
  });
}

/**
 * Enrollment in `nodeId` (its students' status and school data, directory and audience filters on it,
 * withdrawn students in its roster): school-wide staff, or the node is in the caller's reach.
 */
export async function reachesNode(db: Database, caller: Caller, nodeId: number): Promise<boolean> {
  if (caller.isSchoolWide) return true;
  return (await findCallerReach(db, caller)).staffNodeIds.has(nodeId);
}

/** Nodes whose whole roster the caller sees without being in it: the routes they drive and their reach. */
async function reachedIds(db: Database, caller: Caller): Promise<Set<number>> {
  return new Set([...caller.routeIds, ...(await findCallerReach(db, caller)).staffNodeIds]);
}

/**
 * The groups whose members a caller may see: school-wide staff every node; teachers and employees of
 * a node the nodes of its subtree; a driver the routes they drive; everyone the nodes where they or
 * their children are current members (classmates, team mates). Ended enrollments grant nothing.
 */
export const nodeAccess: ResourceAccess<'node'> = {
  kind: 'node',
  async visible(db, caller, ids) {
    const wanted = new Set(ids);
    if (caller.isSchoolWide) return new Set((await treeOf(db, caller)).map((n) => n.id).filter((id) => wanted.has(id)));
    const reached = await reachedIds(db, caller);
    const seen = new Set([...wanted].filter((id) => reached.has(id)));
    const rest = [...wanted].filter((id) => !seen.has(id));
    const family = new Set([caller.id, ...caller.childIds]);
    for (const m of await findMembershipsIn(db, caller.orgId, rest, ZMembershipRole.options)) {
      if (family.has(m.person_id) && isCurrentMembership(m)) seen.add(m.node_id);
    }
    return seen;
  },
  async filter(db, caller) {
    if (caller.isSchoolWide) return everyNode;
    return nodeMembersFilter(caller, [...(await reachedIds(db, caller))]);
  },
};

/** GET nodes/{id}/members and its CSV: see nodeAccess. */
export function canSeeMembers(db: Database, caller: Caller, nodeId: number): Promise<boolean> {
  return canSee(nodeAccess, db, caller, nodeId);
}

/** Enrollment status and outcome of a node's students: school-wide staff and the staff of its subtree. */
export function canSeeEnrollment(db: Database, caller: Caller, nodeId: number): Promise<boolean> {
  return reachesNode(db, caller, nodeId);
}

/**
 * GET nodes, the Groups screen (issue 8): for those who look after groups — staff (administrators,
 * teachers, employees) and drivers. Families and students reach their groups from their own pages.
 */
export function canListNodes(caller: Caller): boolean {
  return caller.isStaff || caller.routeIds.length > 0;
}

/**
 * The groups a caller finds in lists (the tree, a node's children): school-wide staff every one,
 * everyone else the groups whose members they see (nodeAccess) — a teacher the subtrees they teach,
 * a driver their routes — so a list never offers a group that would then refuse its roster.
 */
export async function listableNodeIds(db: Database, caller: Caller, ids: readonly number[]): Promise<Set<number>> {
  if (caller.isSchoolWide) return new Set(ids);
  return nodeAccess.visible(db, caller, ids);
}

/** Shaping the tree and its memberships (create, rename, move, delete nodes, add and remove members). */
export function canShapeNodes(caller: Caller): boolean {
  return caller.isAdmin;
}
