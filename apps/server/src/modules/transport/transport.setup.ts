import type { RouteCrewInput, RouteRiderInput, RouteSetup, RouteStopsInput } from '@patio/core';
import type { Database } from '../../db/database';
import { isUniqueViolation } from '../../db/unique-violation';
import type { RequestContext } from '../../http/context';
import { badRequest, forbidden, HttpError, notFound } from '../../http/errors';
import { requireCaller } from '../../http/school-scope';
import type { EventBus, Subscription } from '../../platform/events/event-bus';
import { forgetRouteAlerts } from './approach-cache';
import { routeRightsOf } from './transport.access';
import { forgetRoute } from './transport.cache';
import { findActiveRuns, findNames, findRiders, findRoutes, findRouteStops, type StopRow, upsertRouteRider, upsertTransportRoute } from './transport.queries';
import { noRoute } from './transport.read';
import { personRef } from './transport.records';
import {
  claimRunSlot,
  countRidersAt,
  deleteRouteRider,
  deleteStops,
  findSchoolPeople,
  findStudentMemberIds,
  insertStops,
  lockRouteNode,
  releaseRunSlot,
  type StopValues,
  updateStop,
} from './transport.setup.queries';

// Setting a route up (issue 13): administrators give a route node its vehicle and crew, its ordered
// stops and where each rider gets on and off. Stops change only between runs, as one whole list in one
// transaction; every change of a route's setup holds the route node's row (transport.setup.queries.ts),
// so two of them never interleave. A change of crew or stops is forgotten by the ingest's memory at once
// in this process and, through the event bus, in the others (transport.cache.ts keeps a target's crew).

const invalidPerson = () => badRequest('invalid_person', 'Choose a person of this school');
const notAStop = (message = 'That stop is not on this route') => badRequest('not_a_stop', message);
const runInProgress = () => new HttpError(409, 'run_in_progress', 'A run of this route is on: change its stops once it has finished');

/** The route `nodeId` when the caller sets it up: 404 when they do not see it, 403 when they see it but are no administrator. */
async function managedRoute(ctx: RequestContext, nodeId: number): Promise<void> {
  const rights = await routeRightsOf(ctx.db, requireCaller(ctx), nodeId);
  if (!rights?.sees) throw noRoute();
  if (!rights.canManage) throw forbidden('forbidden', 'Only administrators set up bus routes');
}

/** The route as the setup screen reads it: crew, stops (each with how many riders get on or off there), riders, whether a run is on. */
async function describeSetup(db: Database, orgId: number, nodeId: number): Promise<RouteSetup> {
  const [route] = await findRoutes(db, orgId, [nodeId]);
  if (!route) throw noRoute();
  const [stops, riders, members, runs] = await Promise.all([
    findRouteStops(db, orgId, nodeId),
    findRiders(db, orgId, [nodeId]),
    findStudentMemberIds(db, orgId, nodeId),
    findActiveRuns(db, orgId, [nodeId]),
  ]);
  const crew = [route.driver_id, route.monitor_id].filter((id): id is number => id !== null);
  const names = new Map((await findNames(db, orgId, crew)).map((p) => [p.id, personRef(p.id, p.first_name, p.last_name, p.last_name2)]));
  const ridersAt = new Map<number, number>();
  for (const r of riders) for (const id of new Set([r.pickup_stop_id, r.dropoff_stop_id])) if (id !== null) ridersAt.set(id, (ridersAt.get(id) ?? 0) + 1);
  return {
    id: route.id,
    name: route.name,
    vehicle: route.vehicle ?? '',
    driver: (route.driver_id !== null && names.get(route.driver_id)) || null,
    monitor: (route.monitor_id !== null && names.get(route.monitor_id)) || null,
    stops: stops.map((s) => ({ id: s.id, position: s.position, name: s.name, lat: s.lat, lng: s.lng, scheduledTime: s.scheduled_time, riders: ridersAt.get(s.id) ?? 0 })),
    riders: riders.map((r) => ({
      person: personRef(r.person_id, r.first_name, r.last_name, r.last_name2)!,
      pickupStopId: r.pickup_stop_id,
      dropoffStopId: r.dropoff_stop_id,
      member: members.has(r.person_id),
    })),
    running: runs.length > 0,
  };
}

/** GET transport/routes/{id}/setup. */
export async function readRouteSetup(ctx: RequestContext, nodeId: number): Promise<RouteSetup> {
  await managedRoute(ctx, nodeId);
  return describeSetup(ctx.db, ctx.org.id, nodeId);
}

/** PUT transport/routes/{id}/crew: vehicle, driver and monitor, seen by the position ingest at once. */
export async function updateRouteCrew(ctx: RequestContext, nodeId: number, input: RouteCrewInput): Promise<RouteSetup> {
  await managedRoute(ctx, nodeId);
  if (input.driverId !== null && input.driverId === input.monitorId) throw badRequest('driver_is_monitor', 'The driver and the monitor are two different people');
  const crew = [input.driverId, input.monitorId].filter((id): id is number => id !== null);
  const found = await findSchoolPeople(ctx.db, ctx.org.id, crew);
  if (crew.some((id) => !found.has(id))) throw invalidPerson();
  await upsertTransportRoute(ctx.db, ctx.org.id, { nodeId, vehicle: input.vehicle, driverId: input.driverId, monitorId: input.monitorId });
  await forgetRouteSetup(ctx, nodeId);
  return describeSetup(ctx.db, ctx.org.id, nodeId);
}

const sameStop = (row: StopRow, s: StopValues) =>
  row.position === s.position && row.name === s.name && row.lat === s.lat && row.lng === s.lng && row.scheduled_time === s.scheduledTime;

/**
 * PUT transport/routes/{id}/stops: the whole list in driving order, in one transaction that holds the
 * route's run slot, so a run starts before it (409 run_in_progress) or after it, never halfway.
 */
export async function replaceRouteStops(ctx: RequestContext, nodeId: number, input: RouteStopsInput): Promise<RouteSetup> {
  const caller = requireCaller(ctx);
  await managedRoute(ctx, nodeId);
  const orgId = ctx.org.id;
  const keptIds = input.stops.map((s) => s.id).filter((id): id is number => id !== null);
  if (new Set(keptIds).size !== keptIds.length) throw notAStop('A stop is in the list twice');
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await lockRouteNode(trx, orgId, nodeId, ctx.services.dialect))) throw noRoute();
    let slot: number;
    try {
      slot = await claimRunSlot(trx, orgId, nodeId, caller.id);
    } catch (err) {
      if (isUniqueViolation(err)) throw runInProgress();
      throw err;
    }
    const current = new Map((await findRouteStops(trx, orgId, nodeId)).map((s) => [s.id, s]));
    if (keptIds.some((id) => !current.has(id))) throw notAStop();
    const kept = new Set(keptIds);
    const removed = [...current.values()].filter((s) => !kept.has(s.id));
    const riders = await countRidersAt(trx, orgId, removed.map((s) => s.id));
    if (riders > 0) {
      const names = removed.map((s) => s.name).join(', ');
      throw new HttpError(409, 'stop_in_use', `${riders} ${riders === 1 ? 'rider gets' : 'riders get'} on or off at a stop this list removes (${names}): give them other stops first`);
    }
    await deleteStops(trx, orgId, nodeId, removed.map((s) => s.id));
    const added: StopValues[] = [];
    for (const [i, stop] of input.stops.entries()) {
      const values = { position: i + 1, name: stop.name, lat: stop.lat, lng: stop.lng, scheduledTime: stop.scheduledTime };
      if (stop.id === null) added.push(values);
      else if (!sameStop(current.get(stop.id)!, values)) await updateStop(trx, orgId, nodeId, stop.id, values);
    }
    await insertStops(trx, orgId, nodeId, added);
    await releaseRunSlot(trx, orgId, slot);
  });
  await forgetRouteSetup(ctx, nodeId);
  return describeSetup(ctx.db, orgId, nodeId);
}

/** PUT transport/routes/{id}/riders/{personId}: where a person gets on and off (a row: they ride even without membership). */
export async function putRouteRider(ctx: RequestContext, nodeId: number, personId: number, input: RouteRiderInput): Promise<RouteSetup> {
  await managedRoute(ctx, nodeId);
  const orgId = ctx.org.id;
  if (!(await findSchoolPeople(ctx.db, orgId, [personId])).has(personId)) throw invalidPerson();
  await ctx.db.transaction().execute(async (trx) => {
    // Under the route's lock, so a stop list that removes one of these stops runs before (not_a_stop) or after (stop_in_use).
    if (!(await lockRouteNode(trx, orgId, nodeId, ctx.services.dialect))) throw noRoute();
    const stops = new Set((await findRouteStops(trx, orgId, nodeId)).map((s) => s.id));
    for (const id of [input.pickupStopId, input.dropoffStopId]) if (id !== null && !stops.has(id)) throw notAStop();
    await upsertRouteRider(trx, orgId, { nodeId, personId, pickupStopId: input.pickupStopId, dropoffStopId: input.dropoffStopId });
  });
  return describeSetup(ctx.db, orgId, nodeId);
}

/** DELETE transport/routes/{id}/riders/{personId}: 404 when the person has no rider row on the route. */
export async function removeRouteRider(ctx: RequestContext, nodeId: number, personId: number): Promise<RouteSetup> {
  await managedRoute(ctx, nodeId);
  if (!(await deleteRouteRider(ctx.db, ctx.org.id, nodeId, personId))) throw notFound('This person has no stops set on this route');
  return describeSetup(ctx.db, ctx.org.id, nodeId);
}

// ── The ingest's memory of a route, in every process ─────────────────────────────────────────────────

const SETUP_TOPIC = 'transport.route-setup.changed';

interface SetupNotice {
  orgId: number;
  routeId: number;
}

function forgetLocally(db: Database, { orgId, routeId }: SetupNotice): void {
  forgetRoute(db, orgId, routeId);
  forgetRouteAlerts(db, orgId, routeId);
}

/**
 * This process forgets the route's target (crew, stops) and alerts before the change is answered; the
 * others when the notice reaches them (Redis bus). A lost notice leaves them the cache's own rereading (TARGET_TTL_MS, minutes).
 */
async function forgetRouteSetup(ctx: RequestContext, routeId: number): Promise<void> {
  const notice: SetupNotice = { orgId: ctx.org.id, routeId };
  forgetLocally(ctx.db, notice);
  await ctx.services.events.publish(SETUP_TOPIC, notice).catch(() => undefined);
}

/** Forgets what another process changed of a route's setup (this process's own notices come back too: forgetting twice is harmless). */
export function followRouteSetupChanges(db: Database, events: EventBus): Subscription {
  return events.subscribe(SETUP_TOPIC, (payload) => {
    const notice = payload as Partial<SetupNotice> | null;
    if (typeof notice?.orgId === 'number' && typeof notice.routeId === 'number') forgetLocally(db, { orgId: notice.orgId, routeId: notice.routeId });
  });
}
