import { type Expression, type ExpressionBuilder, type Selectable, sql, type SqlBool } from 'kysely';
import type { Database } from '../../db/database';
import { compiledQuery } from '../../db/compiled-query';
import { scopedToOrg } from '../../db/scope';
import type { DB } from '../../db/types';
import type { AccessFilter } from '../../policy/access';
import { currentMembership } from '../nodes/index';

// The SQL of the transport area (issue 13; docs/decisions/017-transport-live-positions.md). A route is
// a node whose type key is "route" or "route-…" (nodes/route-type.ts); everything else hangs on its id.

// ── Route nodes ────────────────────────────────────────────────────────────────────────────────────

/** "This node's type is a route type", on a query that joins node_types as `route_types`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a condition for whichever query joins nodes
function isRouteTypeSql(eb: ExpressionBuilder<any, any>): Expression<SqlBool> {
  return eb.or([eb(eb.ref('route_types.key'), '=', 'route'), eb(eb.ref('route_types.key'), 'like', 'route-%')]);
}

/** The ids of the school's route nodes, as a subquery (for access filters). */
export function routeNodeIds(eb: ExpressionBuilder<DB, never>, orgId: number) {
  return eb
    .selectFrom('nodes as route_nodes')
    .innerJoin('node_types as route_types', (j) => j.onRef('route_types.org_id', '=', 'route_nodes.org_id').onRef('route_types.id', '=', 'route_nodes.type_id'))
    .select('route_nodes.id')
    .where(scopedToOrg(orgId, 'route_nodes'))
    .where(isRouteTypeSql);
}

export interface RouteRow {
  id: number;
  name: string;
  vehicle: string | null;
  driver_id: number | null;
  monitor_id: number | null;
}

function routeRowsQuery(db: Database, orgId: number) {
  return db
    .selectFrom('nodes')
    .innerJoin('node_types as route_types', (j) => j.onRef('route_types.org_id', '=', 'nodes.org_id').onRef('route_types.id', '=', 'nodes.type_id'))
    .leftJoin('transport_routes', (j) => j.onRef('transport_routes.org_id', '=', 'nodes.org_id').onRef('transport_routes.node_id', '=', 'nodes.id'))
    .where(scopedToOrg(orgId, 'nodes'))
    .where(isRouteTypeSql);
}

const routeColumns = ['nodes.id', 'nodes.name', 'transport_routes.vehicle', 'transport_routes.driver_id', 'transport_routes.monitor_id'] as const;

// The reads of a route's map data (GET transport/routes/{id}, polled by families while the bus runs)
// are compiled once (db/compiled-query.ts) instead of built by Kysely on every request.
const routeRows = compiledQuery((db, p: { orgId: number; ids: readonly number[] }) =>
  routeRowsQuery(db, p.orgId).select(routeColumns).where('nodes.id', 'in', p.ids),
);

/** The route nodes among `ids` with their vehicle, driver and monitor (missing ids and other nodes are left out). */
export async function findRoutes(db: Database, orgId: number, ids: readonly number[]): Promise<RouteRow[]> {
  if (ids.length === 0) return [];
  return await routeRows.execute(db, { orgId, ids: [...ids] });
}

/** One page of the route nodes the filter lets through, in tree order, and how many there are. */
export async function findRoutePage(db: Database, orgId: number, filter: AccessFilter, page: { offset: number; limit: number }) {
  const base = routeRowsQuery(db, orgId).where(filter('nodes.id'));
  const [rows, count] = await Promise.all([
    base.select(routeColumns).orderBy('nodes.position').orderBy('nodes.id').limit(page.limit).offset(page.offset).execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

// ── Stops ──────────────────────────────────────────────────────────────────────────────────────────

export async function insertRouteStops(
  db: Database,
  orgId: number,
  nodeId: number,
  stops: { name: string; lat: number; lng: number; scheduledTime?: string | null }[],
): Promise<void> {
  if (stops.length === 0) return;
  await db
    .insertInto('route_stops')
    .values(stops.map((s, i) => ({ org_id: orgId, node_id: nodeId, position: i + 1, name: s.name, lat: s.lat, lng: s.lng, scheduled_time: s.scheduledTime ?? null })))
    .execute();
}

/** Sets the planned time of day of a route's stops, by position (1-based). */
export async function updateStopTimes(db: Database, orgId: number, nodeId: number, times: readonly (string | null)[]): Promise<void> {
  for (const [i, time] of times.entries()) {
    await db.updateTable('route_stops').set({ scheduled_time: time }).where(scopedToOrg(orgId)).where('node_id', '=', nodeId).where('position', '=', i + 1).execute();
  }
}

export type StopRow = Omit<Selectable<DB['route_stops']>, 'org_id'>;

export async function findRouteStops(db: Database, orgId: number, nodeId: number): Promise<StopRow[]> {
  return findStopsOfRoutes(db, orgId, [nodeId]);
}

const stopRows = compiledQuery((db, p: { orgId: number; nodeIds: readonly number[] }) =>
  db
    .selectFrom('route_stops')
    .select(['id', 'node_id', 'position', 'name', 'lat', 'lng', 'scheduled_time'])
    .where(scopedToOrg(p.orgId))
    .where('node_id', 'in', p.nodeIds)
    .orderBy('node_id')
    .orderBy('position')
    .orderBy('id'),
);

/** The stops of some routes, each route's in driving order. */
export async function findStopsOfRoutes(db: Database, orgId: number, nodeIds: readonly number[]): Promise<StopRow[]> {
  if (nodeIds.length === 0) return [];
  return await stopRows.execute(db, { orgId, nodeIds: [...nodeIds] });
}

// ── Vehicle, crew and riders ───────────────────────────────────────────────────────────────────────

/** Creates or replaces a route's vehicle, driver and monitor. */
export async function upsertTransportRoute(
  db: Database,
  orgId: number,
  row: { nodeId: number; vehicle: string; driverId: number | null; monitorId: number | null },
): Promise<void> {
  await db
    .insertInto('transport_routes')
    .values({ org_id: orgId, node_id: row.nodeId, vehicle: row.vehicle, driver_id: row.driverId, monitor_id: row.monitorId })
    .onConflict((oc) => oc.columns(['org_id', 'node_id']).doUpdateSet({ vehicle: row.vehicle, driver_id: row.driverId, monitor_id: row.monitorId }))
    .execute();
}

/** Where a rider gets on and off (a student of the route needs no row; one with a row rides even without membership). */
export async function upsertRouteRider(
  db: Database,
  orgId: number,
  row: { nodeId: number; personId: number; pickupStopId: number | null; dropoffStopId: number | null },
): Promise<void> {
  await db
    .insertInto('route_riders')
    .values({ org_id: orgId, node_id: row.nodeId, person_id: row.personId, pickup_stop_id: row.pickupStopId, dropoff_stop_id: row.dropoffStopId })
    .onConflict((oc) => oc.columns(['org_id', 'node_id', 'person_id']).doUpdateSet({ pickup_stop_id: row.pickupStopId, dropoff_stop_id: row.dropoffStopId }))
    .execute();
}

const riderRows = compiledQuery((db, p: { orgId: number; ids: readonly number[] }) =>
  db
    .selectFrom('route_riders')
    .innerJoin('people', (j) => j.onRef('people.org_id', '=', 'route_riders.org_id').onRef('people.id', '=', 'route_riders.person_id'))
    .select(['route_riders.node_id', 'route_riders.person_id', 'route_riders.pickup_stop_id', 'route_riders.dropoff_stop_id', 'people.first_name', 'people.last_name', 'people.last_name2'])
    .where(scopedToOrg(p.orgId, 'route_riders'))
    .where('route_riders.node_id', 'in', p.ids),
);

const studentRiderRows = compiledQuery((db, p: { orgId: number; ids: readonly number[] }) =>
  db
    .selectFrom('memberships')
    .innerJoin('people', (j) => j.onRef('people.org_id', '=', 'memberships.org_id').onRef('people.id', '=', 'memberships.person_id'))
    .select(['memberships.node_id', 'memberships.person_id', 'people.first_name', 'people.last_name', 'people.last_name2'])
    .where(scopedToOrg(p.orgId, 'memberships'))
    .where('memberships.node_id', 'in', p.ids)
    .where('memberships.role', '=', 'student')
    .where(currentMembership('memberships')),
);

export interface RiderRow {
  node_id: number;
  person_id: number;
  pickup_stop_id: number | null;
  dropoff_stop_id: number | null;
  first_name: string;
  last_name: string;
  last_name2: string | null;
}

/**
 * The riders of some routes: current students of the route node and people with a route_riders row,
 * each once per route (the row's stops when there is one).
 */
export async function findRiders(db: Database, orgId: number, nodeIds: readonly number[]): Promise<RiderRow[]> {
  if (nodeIds.length === 0) return [];
  const params = { orgId, ids: [...nodeIds] };
  const [rows, students] = await Promise.all([riderRows.execute(db, params), studentRiderRows.execute(db, params)]);
  const seen = new Set(rows.map((r) => `${r.node_id}:${r.person_id}`));
  const all: RiderRow[] = [...rows];
  for (const s of students) {
    const key = `${s.node_id}:${s.person_id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    all.push({ ...s, pickup_stop_id: null, dropoff_stop_id: null });
  }
  return all.sort((a, b) => a.last_name.localeCompare(b.last_name, 'es') || a.first_name.localeCompare(b.first_name, 'es') || a.person_id - b.person_id);
}

/** The routes among `nodeIds` (all, when null) that one of `personIds` rides. */
export async function findRiddenRouteIds(db: Database, orgId: number, personIds: readonly number[], nodeIds: readonly number[] | null): Promise<Set<number>> {
  if (personIds.length === 0 || (nodeIds !== null && nodeIds.length === 0)) return new Set();
  let riders = db.selectFrom('route_riders').select('node_id').where(scopedToOrg(orgId)).where('person_id', 'in', [...personIds]);
  let students = db
    .selectFrom('memberships')
    .select('node_id')
    .where(scopedToOrg(orgId))
    .where('person_id', 'in', [...personIds])
    .where('role', '=', 'student')
    .where(currentMembership('memberships'));
  if (nodeIds !== null) {
    riders = riders.where('node_id', 'in', [...nodeIds]);
    students = students.where('node_id', 'in', [...nodeIds]);
  }
  const rows = await riders.union(students).execute();
  return new Set(rows.map((r) => r.node_id));
}

/** routeAccess (transport.access.ts) as SQL: see its comment. `family` is the caller and their children. */
export function routeFilterSql(orgId: number, options: { everyRoute: boolean; personId: number; family: readonly number[]; drivenIds: readonly number[] }): AccessFilter {
  return (ref) => (untyped) => {
    const eb = untyped as unknown as ExpressionBuilder<DB, never>;
    const node = sql.ref<number>(ref);
    const isRoute = eb(node, 'in', routeNodeIds(eb, orgId));
    if (options.everyRoute) return isRoute;
    const reasons = [
      eb(
        node,
        'in',
        eb
          .selectFrom('transport_routes as access_tr')
          .select('access_tr.node_id')
          .where(scopedToOrg(orgId, 'access_tr'))
          .where((w) => w.or([w('access_tr.driver_id', '=', options.personId), w('access_tr.monitor_id', '=', options.personId)])),
      ),
      eb(
        node,
        'in',
        eb.selectFrom('route_riders as access_rr').select('access_rr.node_id').where(scopedToOrg(orgId, 'access_rr')).where('access_rr.person_id', 'in', [...options.family]),
      ),
      eb(
        node,
        'in',
        eb
          .selectFrom('memberships as access_m')
          .select('access_m.node_id')
          .where(scopedToOrg(orgId, 'access_m'))
          .where('access_m.person_id', 'in', [...options.family])
          .where('access_m.role', '=', 'student')
          .where(currentMembership('access_m')),
      ),
    ];
    if (options.drivenIds.length > 0) reasons.push(eb(node, 'in', [...options.drivenIds]));
    return eb.and([isRoute, eb.or(reasons)]);
  };
}

// ── Geo targets ────────────────────────────────────────────────────────────────────────────────────

const targetColumns = [
  'id',
  'name',
  'node_id',
  'enabled',
  'last_timestamp',
  'last_position',
  'last_received_at',
  'speed_avg',
  'next_stop_index',
  'run_id',
  'last_etas',
] as const;

export type TargetRow = Omit<Selectable<DB['geo_targets']>, 'org_id' | 'created_at'>;

const targetRowsOfRoutes = compiledQuery((db, p: { orgId: number; nodeIds: readonly number[] }) =>
  db.selectFrom('geo_targets').select(targetColumns).where(scopedToOrg(p.orgId)).where('node_id', 'in', p.nodeIds),
);

/** The targets of some routes. */
export async function findTargetsOfRoutes(db: Database, orgId: number, nodeIds: readonly number[]): Promise<TargetRow[]> {
  if (nodeIds.length === 0) return [];
  return await targetRowsOfRoutes.execute(db, { orgId, nodeIds: [...nodeIds] });
}

export async function findTargets(db: Database, orgId: number): Promise<TargetRow[]> {
  return await db.selectFrom('geo_targets').select(targetColumns).where(scopedToOrg(orgId)).orderBy('name').orderBy('id').execute();
}

export async function findTarget(db: Database, orgId: number, targetId: number): Promise<TargetRow | undefined> {
  return await db.selectFrom('geo_targets').select(targetColumns).where(scopedToOrg(orgId)).where('id', '=', targetId).executeTakeFirst();
}

/** Gives each of these routes a tracked bus named after it, unless it has one. */
export async function ensureTargets(db: Database, orgId: number, routes: readonly { id: number; name: string }[]): Promise<void> {
  if (routes.length === 0) return;
  const now = new Date().toISOString();
  await db
    .insertInto('geo_targets')
    .values(routes.map((r) => ({ org_id: orgId, name: `Bus ${r.name}`.slice(0, 200), node_id: r.id, created_at: now })))
    .onConflict((oc) => oc.columns(['org_id', 'node_id']).doNothing())
    .execute();
}

/** A named target of a route (the seed and the test world). */
export async function insertTarget(db: Database, orgId: number, row: { name: string; nodeId: number | null }): Promise<number> {
  const inserted = await db
    .insertInto('geo_targets')
    .values({ org_id: orgId, name: row.name, node_id: row.nodeId, created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** What the ingest path needs of a target: the target, its route's crew and the running run. */
export interface TargetRouteRow {
  id: number;
  name: string;
  node_id: number | null;
  enabled: number;
  driver_id: number | null;
  monitor_id: number | null;
  run_id: number | null;
  run_started_at: string | null;
}

const targetRouteRow = compiledQuery((db, p: { orgId: number; targetId: number }) =>
  db
    .selectFrom('geo_targets')
    .leftJoin('transport_routes', (j) => j.onRef('transport_routes.org_id', '=', 'geo_targets.org_id').onRef('transport_routes.node_id', '=', 'geo_targets.node_id'))
    .leftJoin('transport_runs', (j) =>
      j.onRef('transport_runs.org_id', '=', 'geo_targets.org_id').onRef('transport_runs.active_key', '=', 'geo_targets.node_id'),
    )
    .select([
      'geo_targets.id',
      'geo_targets.name',
      'geo_targets.node_id',
      'geo_targets.enabled',
      'transport_routes.driver_id',
      'transport_routes.monitor_id',
      'transport_runs.id as run_id',
      'transport_runs.started_at as run_started_at',
    ])
    .where(scopedToOrg(p.orgId, 'geo_targets'))
    .where('geo_targets.id', '=', p.targetId),
);

export async function findTargetRoute(db: Database, orgId: number, targetId: number): Promise<TargetRouteRow | undefined> {
  return await targetRouteRow.takeFirst(db, { orgId, targetId });
}

/** The live state of a target, as the ingest path compares and swaps it. */
export interface TargetState {
  last_timestamp: number | null;
  last_position: string | null;
  speed_avg: number | null;
  next_stop_index: number;
  run_id: number | null;
}

const targetStateRow = compiledQuery((db, p: { orgId: number; targetId: number }) =>
  db
    .selectFrom('geo_targets')
    .select(['last_timestamp', 'last_position', 'speed_avg', 'next_stop_index', 'run_id'])
    .where(scopedToOrg(p.orgId))
    .where('id', '=', p.targetId),
);

export async function findTargetState(db: Database, orgId: number, targetId: number): Promise<TargetState | undefined> {
  return await targetStateRow.takeFirst(db, { orgId, targetId });
}

/** The new live state of a target, as swapTargetState writes it (a type: the compiled update takes it as parameters). */
export type NextTargetState = {
  lastTimestamp: number;
  lastPosition: string;
  receivedAt: string;
  speedAvg: number | null;
  nextStopIndex: number;
  runId: number;
  etas: string;
};

// The ingest's one UPDATE per report, compiled once (db/compiled-query.ts) per variant: `is null` or
// `=` for each side of the compare. RETURNING tells whether the row matched (SQLite and PostgreSQL).
const swapStateQuery = compiledQuery(
  (
    db,
    p: NextTargetState & { orgId: number; targetId: number; expectedTimestamp: number | null; expectedRunId: number | null },
    expected: 'none' | 'run' | 'timestamp' | 'both',
  ) =>
    db
      .updateTable('geo_targets')
      .set({
        last_timestamp: p.lastTimestamp,
        last_position: p.lastPosition,
        last_received_at: p.receivedAt,
        speed_avg: p.speedAvg,
        next_stop_index: p.nextStopIndex,
        run_id: p.runId,
        last_etas: p.etas,
      })
      .where(scopedToOrg(p.orgId))
      .where('id', '=', p.targetId)
      .where((eb) => (expected === 'timestamp' || expected === 'both' ? eb('last_timestamp', '=', p.expectedTimestamp) : eb('last_timestamp', 'is', null)))
      .where((eb) => (expected === 'run' || expected === 'both' ? eb('run_id', '=', p.expectedRunId) : eb('run_id', 'is', null)))
      .returning('id'),
);

/**
 * Makes a report the target's live one, only if the state is still `expected` (the compare of a
 * compare-and-swap: the last live timestamp and run are what the caller computed from). True when it won.
 */
export async function swapTargetState(
  db: Database,
  orgId: number,
  targetId: number,
  expected: { lastTimestamp: number | null; runId: number | null },
  next: NextTargetState,
): Promise<boolean> {
  const variant =
    expected.lastTimestamp === null ? (expected.runId === null ? 'none' : 'run') : expected.runId === null ? 'timestamp' : 'both';
  const rows = await swapStateQuery.execute(db, { ...next, orgId, targetId, expectedTimestamp: expected.lastTimestamp, expectedRunId: expected.runId }, variant);
  return rows.length === 1;
}

/**
 * A new run starts from the first stop, with no speed estimate and no live timestamp (the order of
 * reports is the run's own); the last position stays on the map.
 */
export async function resetTargetState(db: Database, orgId: number, nodeId: number, runId: number): Promise<void> {
  await db
    .updateTable('geo_targets')
    .set({ run_id: runId, next_stop_index: 0, speed_avg: null, last_etas: null, last_timestamp: null })
    .where(scopedToOrg(orgId))
    .where('node_id', '=', nodeId)
    .execute();
}

/** A run is over: the target has no live state until the next run starts (the last position stays on the map). */
export async function clearTargetState(db: Database, orgId: number, nodeId: number, runId: number): Promise<void> {
  await db
    .updateTable('geo_targets')
    .set({ run_id: null, next_stop_index: 0, speed_avg: null, last_etas: null, last_timestamp: null })
    .where(scopedToOrg(orgId))
    .where('node_id', '=', nodeId)
    .where('run_id', '=', runId)
    .execute();
}

// ── Runs ───────────────────────────────────────────────────────────────────────────────────────────

export type RunRow = Omit<Selectable<DB['transport_runs']>, 'org_id'>;

const runColumns = ['id', 'node_id', 'active_key', 'started_by', 'started_at', 'finished_by', 'finished_at'] as const;

/** Starts a run; a unique violation means one is already on (transport_runs_active_key). */
export async function insertRun(db: Database, orgId: number, nodeId: number, startedBy: number, startedAt: string): Promise<number> {
  const row = await db
    .insertInto('transport_runs')
    .values({ org_id: orgId, node_id: nodeId, active_key: nodeId, started_by: startedBy, started_at: startedAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Finishes a run that is on; false when it was not (already finished, or not this route's). */
export async function finishRunRow(db: Database, orgId: number, nodeId: number, runId: number, by: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('transport_runs')
    .set({ active_key: null, finished_by: by, finished_at: at })
    .where(scopedToOrg(orgId))
    .where('id', '=', runId)
    .where('node_id', '=', nodeId)
    .where('active_key', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findRun(db: Database, orgId: number, nodeId: number, runId: number): Promise<RunRow | undefined> {
  return await db.selectFrom('transport_runs').select(runColumns).where(scopedToOrg(orgId)).where('id', '=', runId).where('node_id', '=', nodeId).executeTakeFirst();
}

/** The running run of each of these routes. */
export async function findActiveRuns(db: Database, orgId: number, nodeIds: readonly number[]): Promise<RunRow[]> {
  if (nodeIds.length === 0) return [];
  return await db.selectFrom('transport_runs').select(runColumns).where(scopedToOrg(orgId)).where('active_key', 'in', [...nodeIds]).execute();
}

const shownRunRows = compiledQuery((db, p: { orgId: number; nodeIds: readonly number[]; finishedSince: string }) =>
  db
    .selectFrom('transport_runs')
    .select(runColumns)
    .where(scopedToOrg(p.orgId))
    .where('node_id', 'in', p.nodeIds)
    .where((w) => w.or([w('active_key', 'is not', null), w('finished_at', '>=', p.finishedSince)]))
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc'),
);

/**
 * The run each route shows: the one running, else the last one finished since `finishedSince` (ISO
 * time), so a family still reads "finished at 07:05" after the morning run. Runs of one route are few
 * per day, so the newest per route is picked here rather than in SQL.
 */
export async function findShownRuns(db: Database, orgId: number, nodeIds: readonly number[], finishedSince: string): Promise<RunRow[]> {
  if (nodeIds.length === 0) return [];
  const rows = await shownRunRows.execute(db, { orgId, nodeIds: [...nodeIds], finishedSince });
  const shown = new Map<number, RunRow>();
  for (const row of rows) {
    const seen = shown.get(row.node_id);
    if (!seen || (seen.active_key === null && row.active_key !== null)) shown.set(row.node_id, row);
  }
  return [...shown.values()];
}

// ── Route log ──────────────────────────────────────────────────────────────────────────────────────

export interface NewLogEntry {
  nodeId: number;
  runId: number;
  kind: string;
  at: string;
  stopId?: number | null;
  personId?: number | null;
  actorId?: number | null;
  minutes?: number | null;
  onceKey?: string | null;
}

/** Adds an entry; with a once key, only the first (answers null when it was there already). */
export async function insertLogEntry(db: Database, orgId: number, entry: NewLogEntry): Promise<number | null> {
  const row = await db
    .insertInto('route_log')
    .values({
      org_id: orgId,
      node_id: entry.nodeId,
      run_id: entry.runId,
      kind: entry.kind,
      at: entry.at,
      stop_id: entry.stopId ?? null,
      person_id: entry.personId ?? null,
      actor_id: entry.actorId ?? null,
      minutes: entry.minutes ?? null,
      once_key: entry.onceKey ?? null,
    })
    .onConflict((oc) => oc.columns(['org_id', 'once_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function findLogIdByOnceKey(db: Database, orgId: number, onceKey: string): Promise<number | undefined> {
  return (await db.selectFrom('route_log').select('id').where(scopedToOrg(orgId)).where('once_key', '=', onceKey).executeTakeFirst())?.id;
}

export interface LogRow {
  id: number;
  run_id: number;
  kind: string;
  at: string;
  minutes: number | null;
  stop_id: number | null;
  stop_name: string | null;
  person_id: number | null;
  person_first_name: string | null;
  person_last_name: string | null;
  person_last_name2: string | null;
  actor_id: number | null;
  actor_first_name: string | null;
  actor_last_name: string | null;
  actor_last_name2: string | null;
}

function logQuery(db: Database, orgId: number, nodeId: number) {
  return db
    .selectFrom('route_log')
    .leftJoin('route_stops', (j) => j.onRef('route_stops.org_id', '=', 'route_log.org_id').onRef('route_stops.id', '=', 'route_log.stop_id'))
    .leftJoin('people as person', (j) => j.onRef('person.org_id', '=', 'route_log.org_id').onRef('person.id', '=', 'route_log.person_id'))
    .leftJoin('people as actor', (j) => j.onRef('actor.org_id', '=', 'route_log.org_id').onRef('actor.id', '=', 'route_log.actor_id'))
    .where(scopedToOrg(orgId, 'route_log'))
    .where('route_log.node_id', '=', nodeId);
}

const logColumns = [
  'route_log.id',
  'route_log.run_id',
  'route_log.kind',
  'route_log.at',
  'route_log.minutes',
  'route_log.stop_id',
  'route_stops.name as stop_name',
  'route_log.person_id',
  'person.first_name as person_first_name',
  'person.last_name as person_last_name',
  'person.last_name2 as person_last_name2',
  'route_log.actor_id',
  'actor.first_name as actor_first_name',
  'actor.last_name as actor_last_name',
  'actor.last_name2 as actor_last_name2',
] as const;

/**
 * A page of a route's log, newest first. `familyOnly`: entries about a person (boarded, dropped) only
 * when the person is one of these; every other kind is for every reader of the route.
 */
export async function findLogPage(
  db: Database,
  orgId: number,
  nodeId: number,
  options: { runId: number | null; familyOnly: readonly number[] | null; offset: number; limit: number },
): Promise<{ rows: LogRow[]; total: number }> {
  let base = logQuery(db, orgId, nodeId);
  if (options.runId !== null) base = base.where('route_log.run_id', '=', options.runId);
  const family = options.familyOnly;
  if (family !== null) {
    base = base.where((eb) => eb.or([eb('route_log.person_id', 'is', null), ...(family.length > 0 ? [eb('route_log.person_id', 'in', [...family])] : [])]));
  }
  const [rows, count] = await Promise.all([
    base.select(logColumns).orderBy('route_log.at', 'desc').orderBy('route_log.id', 'desc').limit(options.limit).offset(options.offset).execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

export async function findLogEntry(db: Database, orgId: number, nodeId: number, id: number): Promise<LogRow | undefined> {
  return await logQuery(db, orgId, nodeId).select(logColumns).where('route_log.id', '=', id).executeTakeFirst();
}

const riderMarkRows = compiledQuery((db, p: { orgId: number; runIds: readonly number[] }) =>
  db
    .selectFrom('route_log')
    .select(['run_id', 'person_id', 'kind', 'at', 'id'])
    .where(scopedToOrg(p.orgId))
    .where('run_id', 'in', p.runIds)
    .where('kind', 'in', ['boarded', 'dropped'])
    .orderBy('at')
    .orderBy('id'),
);

/** The last boarded/dropped entry of each rider on these runs, for their state. */
export async function findRiderMarks(db: Database, orgId: number, runIds: readonly number[]) {
  if (runIds.length === 0) return [];
  return await riderMarkRows.execute(db, { orgId, runIds: [...runIds] });
}

// ── Positions ──────────────────────────────────────────────────────────────────────────────────────

/** A report as stored (a type, not an interface: the compiled insert takes it as its parameters). */
export type NewPosition = {
  targetId: number;
  runId: number | null;
  reporterId: number | null;
  latitude: number;
  longitude: number;
  altitude: number | null;
  accuracy: number | null;
  altitudeAccuracy: number | null;
  heading: number | null;
  speed: number | null;
  timestamp: number;
  receivedAt: string;
};

/** The geo_positions row of a report. */
export function positionRow(orgId: number, p: NewPosition) {
  return {
    org_id: orgId,
    target_id: p.targetId,
    run_id: p.runId,
    reporter_id: p.reporterId,
    latitude: p.latitude,
    longitude: p.longitude,
    altitude: p.altitude,
    accuracy: p.accuracy,
    altitude_accuracy: p.altitudeAccuracy,
    heading: p.heading,
    speed: p.speed,
    timestamp: p.timestamp,
    received_at: p.receivedAt,
  };
}

const insertPositionQuery = compiledQuery((db, p: NewPosition & { orgId: number }) =>
  db.insertInto('geo_positions').values(positionRow(p.orgId, p)).returning('id'),
);

/** Stores a report; answers its id (a string on PostgreSQL, where it is a bigint). */
export async function insertPosition(db: Database, orgId: number, position: NewPosition): Promise<number | string> {
  const row = await insertPositionQuery.takeFirst(db, { orgId, ...position });
  return row!.id;
}

/** Deletes up to `batch` positions received before `before` (ISO); answers how many went. */
export async function deletePositionsBefore(db: Database, orgId: number, before: string, batch: number): Promise<number> {
  const result = await db
    .deleteFrom('geo_positions')
    .where(scopedToOrg(orgId))
    .where('id', 'in', (eb) =>
      eb.selectFrom('geo_positions as old').select('old.id').where(scopedToOrg(orgId, 'old')).where('old.received_at', '<', before).limit(batch),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function hasPositions(db: Database, orgId: number): Promise<boolean> {
  return (await db.selectFrom('geo_positions').select('id').where(scopedToOrg(orgId)).limit(1).executeTakeFirst()) !== undefined;
}

// ── Shares ─────────────────────────────────────────────────────────────────────────────────────────

export async function insertShare(db: Database, orgId: number, row: { nodeId: number; tokenHash: string; createdBy: number; createdAt: string; expiresAt: string }): Promise<void> {
  await db
    .insertInto('transport_shares')
    .values({ org_id: orgId, node_id: row.nodeId, token_hash: row.tokenHash, created_by: row.createdBy, created_at: row.createdAt, expires_at: row.expiresAt })
    .execute();
}

export async function findShare(db: Database, orgId: number, tokenHash: string) {
  return await db.selectFrom('transport_shares').select(['node_id', 'expires_at']).where(scopedToOrg(orgId)).where('token_hash', '=', tokenHash).executeTakeFirst();
}

// ── People ─────────────────────────────────────────────────────────────────────────────────────────

const nameRows = compiledQuery((db, p: { orgId: number; ids: readonly number[] }) =>
  db.selectFrom('people').select(['id', 'first_name', 'last_name', 'last_name2']).where(scopedToOrg(p.orgId)).where('id', 'in', p.ids),
);

export async function findNames(db: Database, orgId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return await nameRows.execute(db, { orgId, ids: [...ids] });
}
