import type { DialectName } from '../../db/database';
import type { Database } from '../../db/database';
import { scopedToOrg } from '../../db/scope';
import { notAnUnapprovedRegistrant } from '../../policy/registrants.sql';
import { currentMembership } from '../nodes/index';

// The SQL of a route's setup (transport.setup.ts): its stop list, its riders' rows and the locks that
// keep two changes of one route, or a change of its stops and the start of a run, from interleaving.

/**
 * Holds the route node's row until the transaction ends (PostgreSQL), so that the setup changes of
 * one route run one after the other. FOR NO KEY UPDATE, not FOR UPDATE: rows that merely point at the
 * node (a run's log entries, a new run) take FOR KEY SHARE, which this lets through, so a run that
 * starts meanwhile never waits on it. SQLite needs no lock: Kysely runs its transactions one at a
 * time. False when the school has no such node.
 */
export async function lockRouteNode(trx: Database, orgId: number, nodeId: number, dialect: DialectName): Promise<boolean> {
  const query = trx.selectFrom('nodes').select('id').where(scopedToOrg(orgId)).where('id', '=', nodeId);
  return (await (dialect === 'postgres' ? query.forNoKeyUpdate() : query).executeTakeFirst()) !== undefined;
}

/**
 * Takes the route's one-run slot (transport_runs.active_key, unique per school) for the length of the
 * transaction, as a run does for its length: a unique violation when a run is on or is starting and
 * commits; a run that starts meanwhile waits for this transaction on the unique key, and finds the
 * slot free once it commits (releaseRunSlot deletes the row before). Never committed, never seen.
 */
export async function claimRunSlot(trx: Database, orgId: number, nodeId: number, by: number): Promise<number> {
  const row = await trx
    .insertInto('transport_runs')
    .values({ org_id: orgId, node_id: nodeId, active_key: nodeId, started_by: by, started_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function releaseRunSlot(trx: Database, orgId: number, slotId: number): Promise<void> {
  await trx.deleteFrom('transport_runs').where(scopedToOrg(orgId)).where('id', '=', slotId).execute();
}

/** Of `ids`, the people of the school who are someone to it (not a self-registration short of approved). */
export async function findSchoolPeople(db: Database, orgId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('people')
    .select('id')
    .where(scopedToOrg(orgId))
    .where('id', 'in', [...ids])
    .where(notAnUnapprovedRegistrant(orgId))
    .execute();
  return new Set(rows.map((r) => r.id));
}

// ── Stops ──────────────────────────────────────────────────────────────────────────────────────────

export interface StopValues {
  position: number;
  name: string;
  lat: number;
  lng: number;
  scheduledTime: string | null;
}

export async function updateStop(trx: Database, orgId: number, nodeId: number, id: number, stop: StopValues): Promise<void> {
  await trx
    .updateTable('route_stops')
    .set({ position: stop.position, name: stop.name, lat: stop.lat, lng: stop.lng, scheduled_time: stop.scheduledTime })
    .where(scopedToOrg(orgId))
    .where('node_id', '=', nodeId)
    .where('id', '=', id)
    .execute();
}

export async function insertStops(trx: Database, orgId: number, nodeId: number, stops: readonly StopValues[]): Promise<void> {
  if (stops.length === 0) return;
  await trx
    .insertInto('route_stops')
    .values(stops.map((s) => ({ org_id: orgId, node_id: nodeId, position: s.position, name: s.name, lat: s.lat, lng: s.lng, scheduled_time: s.scheduledTime })))
    .execute();
}

/**
 * How many rider rows get on or off at one of `stopIds` (of any route: a foreign key's cascade would
 * take any such row with the stop).
 */
export async function countRidersAt(trx: Database, orgId: number, stopIds: readonly number[]): Promise<number> {
  if (stopIds.length === 0) return 0;
  const row = await trx
    .selectFrom('route_riders')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where(scopedToOrg(orgId))
    .where((eb) => eb.or([eb('pickup_stop_id', 'in', [...stopIds]), eb('dropoff_stop_id', 'in', [...stopIds])]))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Removes stops of the route and the approach alerts set on them (the log keeps their ids, which then name no stop). */
export async function deleteStops(trx: Database, orgId: number, nodeId: number, stopIds: readonly number[]): Promise<number> {
  if (stopIds.length === 0) return 0;
  const alerts = await trx.deleteFrom('transport_alerts').where(scopedToOrg(orgId)).where('stop_id', 'in', [...stopIds]).executeTakeFirst();
  await trx.deleteFrom('route_stops').where(scopedToOrg(orgId)).where('node_id', '=', nodeId).where('id', 'in', [...stopIds]).execute();
  return Number(alerts.numDeletedRows);
}

// ── Riders ─────────────────────────────────────────────────────────────────────────────────────────

/** Removes a person's rider row of the route; false when there was none. */
export async function deleteRouteRider(trx: Database, orgId: number, nodeId: number, personId: number): Promise<boolean> {
  const result = await trx.deleteFrom('route_riders').where(scopedToOrg(orgId)).where('node_id', '=', nodeId).where('person_id', '=', personId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The current students of the route node: they ride it whether or not they have a rider row. */
export async function findStudentMemberIds(db: Database, orgId: number, nodeId: number): Promise<Set<number>> {
  const rows = await db
    .selectFrom('memberships')
    .select('person_id')
    .where(scopedToOrg(orgId))
    .where('node_id', '=', nodeId)
    .where('role', '=', 'student')
    .where(currentMembership('memberships'))
    .execute();
  return new Set(rows.map((r) => r.person_id));
}
