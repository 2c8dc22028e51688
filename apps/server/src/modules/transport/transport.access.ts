import type { Database } from '../../db/database';
import type { ResourceAccess } from '../../policy/access';
import { memoised } from '../../policy/caller-memo';
import { familyOf } from '../../policy/family';
import type { Caller } from '../../policy/policy';
import { findRiddenRouteIds, findRiders, findRoutes, type RouteRow, routeFilterSql } from './transport.queries';

// Who sees a bus route (issue 13; decision 007 form; docs/decisions/017-transport-live-positions.md).
// A route is a node of a route type. It is seen by the school's staff (administrators, teachers,
// employees: decision 004's isStaff), by its crew (the driver and monitor of transport_routes, and
// the employees of the route node, who are its drivers in the tree), by its riders (current students
// of the route node, or people with a route_riders row) and by the riders' parent-like relatives.
// Never by anyone of another school; unapproved registrants are stopped by the policies first.

/** The caller drives or monitors this route (its device reports the bus's position). */
export function isCrew(caller: Caller, route: Pick<RouteRow, 'id' | 'driver_id' | 'monitor_id'>): boolean {
  return route.driver_id === caller.id || route.monitor_id === caller.id || caller.routeIds.includes(route.id);
}

export const routeAccess: ResourceAccess<'route'> = {
  kind: 'route',
  async visible(db, caller, ids) {
    const seen = new Set<number>();
    if (ids.length === 0) return seen;
    const routes = await findRoutes(db, caller.orgId, [...new Set(ids)]);
    const rest: number[] = [];
    for (const route of routes) {
      if (caller.isStaff || isCrew(caller, route)) seen.add(route.id);
      else rest.push(route.id);
    }
    for (const id of await findRiddenRouteIds(db, caller.orgId, familyOf(caller), rest)) seen.add(id);
    return seen;
  },
  async filter(_db, caller) {
    return routeFilterSql(caller.orgId, { everyRoute: caller.isStaff, personId: caller.id, family: familyOf(caller), drivenIds: caller.routeIds });
  },
};

/** What a caller may do on one route. */
export interface RouteRights {
  route: RouteRow;
  sees: boolean;
  /** Driver or monitor (reports positions). */
  crew: boolean;
  /** Starts and finishes runs, marks riders and delays: the crew, administrators and school-wide employees. */
  canDrive: boolean;
  /** Creates share links: staff and the relatives of a rider. */
  canShare: boolean;
  /** Sees every rider and every entry of the log: staff and crew; families see their own. */
  seesEveryone: boolean;
  /** Sets the route up (vehicle, crew, stops, riders): administrators, who shape the school's nodes. */
  canManage: boolean;
}

/** The rights of `caller` on `route`, whose riders are `riderIds`. */
export function rightsOf(caller: Caller, route: RouteRow, riderIds: ReadonlySet<number>): RouteRights {
  const crew = isCrew(caller, route);
  const seesEveryone = caller.isStaff || crew;
  const relative = caller.childIds.some((id) => riderIds.has(id));
  return {
    route,
    sees: seesEveryone || relative || riderIds.has(caller.id),
    crew,
    canDrive: crew || caller.isAdmin || caller.isSchoolWide,
    canShare: caller.isStaff || relative,
    seesEveryone,
    canManage: caller.isAdmin,
  };
}

/** The caller's rights on route `nodeId`, or null when it is no route of their school (read once per request). */
export function routeRightsOf(db: Database, caller: Caller, nodeId: number): Promise<RouteRights | null> {
  return memoised(caller, `transport.route.${nodeId}`, async () => {
    const [route] = await findRoutes(db, caller.orgId, [nodeId]);
    if (!route) return null;
    const riders = caller.isStaff ? new Set<number>() : new Set((await findRiders(db, caller.orgId, [nodeId])).map((r) => r.person_id));
    return rightsOf(caller, route, riders);
  });
}
