import type { Database } from '../../db/database';
import type { Caller } from '../../policy/policy';
import { isCurrentMembership } from '../nodes/enrollment';
import { findMembershipsIn, findNodes, subtreeIds } from '../nodes/nodes.queries';
import { memoised } from './caller-memo';
import { findParentLikeRelativeIds } from './people.queries';

/** Where a caller who is not school-wide reaches (decision 004): whole subtrees, never the school. */
export interface CallerReach {
  /** Subtrees of the nodes they teach or are an employee of: school data and enrollment there. */
  staffNodeIds: Set<number>;
  /** Subtrees of the nodes they teach: clinic data of the students there. */
  teachingNodeIds: Set<number>;
}

const nowhere: CallerReach = { staffNodeIds: new Set(), teachingNodeIds: new Set() };

/** The caller's reach, read once per request (one query for the school's tree, only for staff). */
export function findCallerReach(db: Database, caller: Caller): Promise<CallerReach> {
  if (caller.teachingNodeIds.length === 0 && caller.employeeNodeIds.length === 0) return Promise.resolve(nowhere);
  return memoised(caller, 'reach', async () => {
    const nodes = await findNodes(db, caller.orgId);
    const expand = (ids: number[]) => new Set(ids.flatMap((id) => subtreeIds(nodes, id)));
    return { staffNodeIds: expand([...caller.teachingNodeIds, ...caller.employeeNodeIds]), teachingNodeIds: expand(caller.teachingNodeIds) };
  });
}

/** Enrollment in `nodeId` (filters, rosters, audience rules): school-wide staff, or the node is in reach. */
export async function reachesNode(db: Database, caller: Caller, nodeId: number): Promise<boolean> {
  if (caller.isSchoolWide) return true;
  return (await findCallerReach(db, caller)).staffNodeIds.has(nodeId);
}

/** What a driver needs: the current riders of the routes they drive and those riders' parent-like relatives. */
export interface RouteReach {
  riderIds: Set<number>;
  familyIds: Set<number>;
}

export function findRouteReach(db: Database, caller: Caller): Promise<RouteReach> {
  if (caller.routeIds.length === 0) return Promise.resolve({ riderIds: new Set(), familyIds: new Set() });
  return memoised(caller, 'routes', async () => {
    const riders = (await findMembershipsIn(db, caller.orgId, caller.routeIds, ['student'])).filter(isCurrentMembership).map((m) => m.person_id);
    return { riderIds: new Set(riders), familyIds: new Set(await findParentLikeRelativeIds(db, caller.orgId, riders)) };
  });
}
