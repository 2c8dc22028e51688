import { sql } from 'kysely';
import type { Database } from '../../db/database';
import { scopedToOrg } from '../../db/scope';
import type { AccessFilter } from '../../policy/access';
import { currentMembership } from '../nodes/index';

// The SQL of a person's overview (issue 36 §1): one query per fact, whatever the person holds, each
// narrowed by the access filter of the area that owns the fact.

/** The person's memberships that still count, with their node's name. */
export async function findCurrentGroups(db: Database, orgId: number, personId: number) {
  return await db
    .selectFrom('memberships')
    .innerJoin('nodes', (j) => j.onRef('nodes.org_id', '=', 'memberships.org_id').onRef('nodes.id', '=', 'memberships.node_id'))
    .select(['memberships.node_id', 'nodes.name', 'memberships.role'])
    .where(scopedToOrg(orgId, 'memberships'))
    .where('memberships.person_id', '=', personId)
    .where(currentMembership('memberships'))
    .orderBy('nodes.name')
    .orderBy('memberships.node_id')
    .orderBy('memberships.role')
    .execute();
}

/** The person's marks per type between two days (inclusive), on the nodes `reach` lets through. */
export async function countPersonMarks(db: Database, orgId: number, personId: number, reach: AccessFilter, from: string, to: string) {
  const rows = await db
    .selectFrom('attendance_records')
    .select(['type', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where(scopedToOrg(orgId))
    .where('person_id', '=', personId)
    .where(reach('attendance_records.node_id'))
    .where('date', '>=', from)
    .where('date', '<=', to)
    .groupBy('type')
    .execute();
  return rows.map((r) => ({ type: r.type, n: Number(r.n) }));
}

export interface PersonRouteRow {
  node_id: number;
  name: string;
  role: 'rider' | 'crew';
  stop: string | null;
}

/**
 * The bus routes the person rides (a route_riders row, with its pickup stop, or a current student
 * membership of the route node) or works on (driver or monitor, or an employee of the route node),
 * among those `visible` lets through (the transport area's routeAccess, which also keeps to route nodes).
 */
export async function findPersonRoutes(db: Database, orgId: number, personId: number, visible: AccessFilter): Promise<PersonRouteRow[]> {
  const none = sql<string | null>`null`;
  const parts = db
    .selectFrom('route_riders')
    .leftJoin('route_stops', (j) => j.onRef('route_stops.org_id', '=', 'route_riders.org_id').onRef('route_stops.id', '=', 'route_riders.pickup_stop_id'))
    .select(['route_riders.node_id', sql<string>`'rider'`.as('role'), 'route_stops.name as stop'])
    .where(scopedToOrg(orgId, 'route_riders'))
    .where('route_riders.person_id', '=', personId)
    .unionAll(
      db
        .selectFrom('memberships')
        .select(['memberships.node_id', sql<string>`case when memberships.role = 'student' then 'rider' else 'crew' end`.as('role'), none.as('stop')])
        .where(scopedToOrg(orgId, 'memberships'))
        .where('memberships.person_id', '=', personId)
        .where('memberships.role', 'in', ['student', 'employee'])
        .where(currentMembership('memberships')),
    )
    .unionAll(
      db
        .selectFrom('transport_routes')
        .select(['transport_routes.node_id', sql<string>`'crew'`.as('role'), none.as('stop')])
        .where(scopedToOrg(orgId, 'transport_routes'))
        .where((eb) => eb.or([eb('transport_routes.driver_id', '=', personId), eb('transport_routes.monitor_id', '=', personId)])),
    );
  const rows = await db
    .selectFrom(parts.as('part'))
    .innerJoin('nodes', (j) => j.onRef('nodes.id', '=', 'part.node_id').on('nodes.org_id', '=', orgId))
    .select(['part.node_id', 'nodes.name', 'part.role', 'part.stop', 'nodes.position'])
    .where(scopedToOrg(orgId, 'nodes'))
    .where(visible('nodes.id'))
    .orderBy('nodes.position')
    .orderBy('part.node_id')
    .execute();
  // One line per route: crew over rider, and a rider's stop when one of the rows names it.
  const byRoute = new Map<number, PersonRouteRow>();
  for (const row of rows) {
    const seen = byRoute.get(row.node_id);
    const role = row.role === 'crew' || seen?.role === 'crew' ? 'crew' : 'rider';
    byRoute.set(row.node_id, { node_id: row.node_id, name: row.name, role, stop: role === 'rider' ? (seen?.stop ?? row.stop ?? null) : null });
  }
  return [...byRoute.values()];
}
