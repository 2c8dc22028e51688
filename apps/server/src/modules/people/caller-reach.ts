import type { Database } from '../../db/database';
import { memoised } from '../../policy/caller-memo';
import type { Caller } from '../../policy/policy';
import { findMembershipsIn, isCurrentMembership } from '../nodes/index';
import { findParentLikeRelativeIds } from './people.queries';

// The reach of staff in the tree (subtrees of the nodes they teach or work in) is the nodes area's:
// findCallerReach in nodes/nodes.access.ts. A driver's reach is people: riders and their families.

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
