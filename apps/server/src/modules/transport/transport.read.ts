import type { GeoFeedItem, GeoTarget, RouteRider, RouteStop, TransportRoute } from '@patio/core';
import type { Database } from '../../db/database';
import type { RequestContext } from '../../http/context';
import { notFound } from '../../http/errors';
import { requireCaller } from '../../http/school-scope';
import type { Caller } from '../../policy/policy';
import { familyOf } from '../../policy/family';
import { isCrew, routeAccess, rightsOf, routeRightsOf } from './transport.access';
import {
  ensureTargets,
  findActiveRuns,
  findShownRuns,
  findLogEntry,
  findLogPage,
  findNames,
  findRiderMarks,
  findRiders,
  findRoutePage,
  findRoutes,
  findStopsOfRoutes,
  findTarget,
  findTargets,
  findTargetsOfRoutes,
  type RouteRow,
  type RunRow,
  type StopRow,
  type TargetRow,
} from './transport.queries';
import { epochOf, logEntryOf, parseEtas, parsePosition, personRef } from './transport.records';

// Reading routes, their log, targets and the caller's feed (issue 13 §2).

/** A finished run stays on the route this long, so its families read when it ended. */
const FINISHED_RUN_SHOWN_MS = 12 * 3600 * 1000;

export const noRoute = () => notFound('There is no such route, or it is not one you see');
export const noTarget = () => notFound('There is no such tracked bus, or it is not one you see');

/** The stops of a route as clients read them: planned time, and while a run is on the ETA and whether it was reached. */
export function stopsOf(stops: readonly StopRow[], run: RunRow | null, target: TargetRow | undefined, mine: ReadonlySet<number>): RouteStop[] {
  const current = run !== null && run.finished_at === null && target !== undefined && target.run_id === run.id;
  const etas = new Map(current ? parseEtas(target.last_etas).map((e) => [e.stopId, e]) : []);
  return stops.map((s, i) => {
    const reached = current && i < target.next_stop_index;
    const eta = run !== null && !reached ? etas.get(s.id) : undefined;
    return {
      id: s.id,
      position: s.position,
      name: s.name,
      lat: s.lat,
      lng: s.lng,
      scheduledTime: s.scheduled_time,
      eta: eta?.eta ?? null,
      meters: eta === undefined ? null : Math.round(eta.meters),
      reached,
      mine: mine.has(s.id),
    };
  });
}

/** Each route's stops, target (made when missing), running run and riders, in a fixed number of queries. */
async function routeParts(db: Database, orgId: number, routes: readonly RouteRow[]) {
  const ids = routes.map((r) => r.id);
  let targets = await findTargetsOfRoutes(db, orgId, ids);
  if (targets.length < ids.length) {
    const have = new Set(targets.map((t) => t.node_id));
    await ensureTargets(db, orgId, routes.filter((r) => !have.has(r.id)));
    targets = await findTargetsOfRoutes(db, orgId, ids);
  }
  const [stops, runs, riders] = await Promise.all([findStopsOfRoutes(db, orgId, ids), findShownRuns(db, orgId, ids, new Date(Date.now() - FINISHED_RUN_SHOWN_MS).toISOString()), findRiders(db, orgId, ids)]);
  const group = <T>(rows: readonly T[], key: (row: T) => number | null) => {
    const map = new Map<number, T[]>();
    for (const row of rows) {
      const k = key(row);
      if (k === null) continue;
      let list = map.get(k);
      if (!list) map.set(k, (list = []));
      list.push(row);
    }
    return map;
  };
  return {
    targets: new Map(targets.map((t) => [t.node_id!, t])),
    stops: group(stops, (s) => s.node_id),
    runs: new Map(runs.map((r) => [r.node_id, r])),
    riders: group(riders, (r) => r.node_id),
  };
}

/** Routes as the caller reads them (ZTransportRoute), each of which they see. */
export async function describeRoutes(db: Database, caller: Caller, routes: readonly RouteRow[]): Promise<TransportRoute[]> {
  if (routes.length === 0) return [];
  const orgId = caller.orgId;
  const parts = await routeParts(db, orgId, routes);
  const runs = [...parts.runs.values()];
  const marks = await findRiderMarks(db, orgId, runs.map((r) => r.id));
  const state = new Map<string, RouteRider['state']>();
  for (const m of marks) if (m.person_id !== null) state.set(`${m.run_id}:${m.person_id}`, m.kind === 'boarded' ? 'boarded' : 'dropped');
  const nameIds = new Set<number>();
  for (const r of routes) for (const id of [r.driver_id, r.monitor_id]) if (id !== null) nameIds.add(id);
  for (const run of runs) if (run.started_by !== null) nameIds.add(run.started_by);
  const names = new Map((await findNames(db, orgId, [...nameIds])).map((p) => [p.id, personRef(p.id, p.first_name, p.last_name, p.last_name2)!]));
  const ref = (id: number | null) => (id === null ? null : (names.get(id) ?? null));
  const family = new Set(familyOf(caller));

  return routes.map((route) => {
    const riders = parts.riders.get(route.id) ?? [];
    const rights = rightsOf(caller, route, new Set(riders.map((r) => r.person_id)));
    const run = parts.runs.get(route.id) ?? null;
    const target = parts.targets.get(route.id)!;
    const shown = rights.seesEveryone ? riders : riders.filter((r) => family.has(r.person_id));
    const mine = new Set(riders.filter((r) => family.has(r.person_id)).flatMap((r) => [r.pickup_stop_id, r.dropoff_stop_id]).filter((id): id is number => id !== null));
    return {
      id: route.id,
      name: route.name,
      vehicle: route.vehicle ?? '',
      driver: ref(route.driver_id),
      monitor: ref(route.monitor_id),
      targetId: target.id,
      stops: stopsOf(parts.stops.get(route.id) ?? [], run, target, mine),
      riders: shown.map((r) => ({
        person: personRef(r.person_id, r.first_name, r.last_name, r.last_name2)!,
        pickupStopId: r.pickup_stop_id,
        dropoffStopId: r.dropoff_stop_id,
        state: run ? (state.get(`${run.id}:${r.person_id}`) ?? 'waiting') : 'waiting',
      })),
      run: run && { id: run.id, startedAt: epochOf(run.started_at), finishedAt: run.finished_at === null ? null : epochOf(run.finished_at), startedBy: ref(run.started_by) },
      lastPosition: parsePosition(target.last_position),
      canDrive: rights.canDrive,
      canShare: rights.canShare,
      canManage: rights.canManage,
    };
  });
}

/** GET transport/routes: the routes the caller sees, a page of them. */
export async function listRoutes(ctx: RequestContext, page: { page: number; limit: number }): Promise<{ items: TransportRoute[]; total: number }> {
  const caller = requireCaller(ctx);
  const filter = await routeAccess.filter(ctx.db, caller);
  const { rows, total } = await findRoutePage(ctx.db, ctx.org.id, filter, { offset: (page.page - 1) * page.limit, limit: page.limit });
  return { items: await describeRoutes(ctx.db, caller, rows), total };
}

/** GET transport/routes/{id} (the policy has checked that the caller sees it). */
export async function getRoute(ctx: RequestContext, nodeId: number): Promise<TransportRoute> {
  const caller = requireCaller(ctx);
  const rights = await routeRightsOf(ctx.db, caller, nodeId);
  if (!rights?.sees) throw noRoute();
  return (await describeRoutes(ctx.db, caller, [rights.route]))[0];
}

/** GET transport/routes/{id}/log: newest first; families see who got on and off only for their own. */
export async function listLog(ctx: RequestContext, nodeId: number, query: { page: number; limit: number; runId?: number }) {
  const caller = requireCaller(ctx);
  const rights = await routeRightsOf(ctx.db, caller, nodeId);
  if (!rights?.sees) throw noRoute();
  const { rows, total } = await findLogPage(ctx.db, ctx.org.id, nodeId, {
    runId: query.runId ?? null,
    familyOnly: rights.seesEveryone ? null : familyOf(caller),
    offset: (query.page - 1) * query.limit,
    limit: query.limit,
  });
  return { items: rows.map(logEntryOf), total };
}

/** One log entry as the live topic carries it. */
export async function readLogEntry(db: Database, orgId: number, nodeId: number, id: number) {
  const row = await findLogEntry(db, orgId, nodeId, id);
  return row ? logEntryOf(row) : null;
}

// ── Targets and the feed ─────────────────────────────────────────────────────────────────────────

/** The targets a caller sees: those of routes they see, and those of no route for staff. */
async function visibleTargets(db: Database, caller: Caller, rows: readonly TargetRow[]): Promise<TargetRow[]> {
  const routeIds = rows.map((t) => t.node_id).filter((id): id is number => id !== null);
  const seen = await routeAccess.visible(db, caller, routeIds);
  return rows.filter((t) => (t.node_id === null ? caller.isStaff : seen.has(t.node_id)));
}

async function describeTargets(db: Database, caller: Caller, rows: readonly TargetRow[]): Promise<GeoTarget[]> {
  const routes = new Map((await findRoutes(db, caller.orgId, rows.map((t) => t.node_id).filter((id): id is number => id !== null))).map((r) => [r.id, r]));
  return rows.map((t) => {
    const route = t.node_id === null ? undefined : routes.get(t.node_id);
    return {
      id: t.id,
      name: t.name,
      routeId: t.node_id,
      enabled: t.enabled === 1,
      lastPosition: parsePosition(t.last_position),
      canReport: route !== undefined && isCrew(caller, route),
    };
  });
}

/** GET geo/targets. */
export async function listTargets(ctx: RequestContext): Promise<GeoTarget[]> {
  const caller = requireCaller(ctx);
  return describeTargets(ctx.db, caller, await visibleTargets(ctx.db, caller, await findTargets(ctx.db, ctx.org.id)));
}

/** The target `id` when the caller sees it. */
export async function seenTarget(db: Database, caller: Caller, id: number): Promise<TargetRow | null> {
  const target = await findTarget(db, caller.orgId, id);
  if (!target) return null;
  return (await visibleTargets(db, caller, [target])).length === 1 ? target : null;
}

/** GET geo/targets/{id}. */
export async function getTarget(ctx: RequestContext, id: number): Promise<GeoTarget> {
  const caller = requireCaller(ctx);
  const target = await seenTarget(ctx.db, caller, id);
  if (!target) throw noTarget();
  return (await describeTargets(ctx.db, caller, [target]))[0];
}

/** GET people/{me}/geo/feed: the latest position of every target the caller sees, and whether its run is on. */
export async function geoFeed(ctx: RequestContext): Promise<GeoFeedItem[]> {
  const caller = requireCaller(ctx);
  const targets = await visibleTargets(ctx.db, caller, await findTargets(ctx.db, ctx.org.id));
  const running = new Set((await findActiveRuns(ctx.db, ctx.org.id, targets.map((t) => t.node_id).filter((id): id is number => id !== null))).map((r) => r.node_id));
  return targets.map((t) => ({
    target: { id: t.id, name: t.name, routeId: t.node_id },
    position: parsePosition(t.last_position),
    running: t.node_id !== null && running.has(t.node_id),
  }));
}

/** Stops of one route with ETAs, for readers without a caller (share links). */
export async function publicStops(db: Database, orgId: number, route: RouteRow) {
  const parts = await routeParts(db, orgId, [route]);
  const run = parts.runs.get(route.id) ?? null;
  const target = parts.targets.get(route.id)!;
  const stops = parts.stops.get(route.id) ?? [];
  return { stops: stopsOf(stops, run, target, new Set()), running: run !== null && run.finished_at === null, lastPosition: parsePosition(target.last_position) };
}
