import type { Database } from '../../db/database';
import { scopedToOrg } from '../../db/scope';

export async function insertRouteStops(
  db: Database,
  orgId: number,
  nodeId: number,
  stops: { name: string; lat: number; lng: number }[],
): Promise<void> {
  if (stops.length === 0) return;
  await db
    .insertInto('route_stops')
    .values(stops.map((s, i) => ({ org_id: orgId, node_id: nodeId, position: i + 1, ...s })))
    .execute();
}

export async function findRouteStops(db: Database, orgId: number, nodeId: number) {
  return await db
    .selectFrom('route_stops')
    .select(['id', 'position', 'name', 'lat', 'lng'])
    .where(scopedToOrg(orgId))
    .where('node_id', '=', nodeId)
    .orderBy('position')
    .execute();
}
