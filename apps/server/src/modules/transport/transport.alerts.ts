import { type ApproachAlert, type GeoPosition, isApproaching, type StopEta } from '@patio/core';
import type { Database } from '../../db/database';
import type { RequestContext } from '../../http/context';
import { badRequest, HttpError } from '../../http/errors';
import { requireCaller } from '../../http/school-scope';
import type { JobEnqueuer, JobLog } from '../../platform/jobs/jobs';
import { canSee } from '../../policy/access';
import { type BusNoticeValues, enqueuePersonalNotice, type PersonalNotice } from '../notifications/index';
import { findCaller, findApprovedParentLikeRelativeIds } from '../people/index';
import { forgetRouteAlerts, needsSettling, routeAlerts, settleOnce } from './approach-cache';
import { familyOf } from '../../policy/family';
import { routeAccess } from './transport.access';
import { type AlertRow, findAlert, insertAlertSends, saveAlert } from './transport.alerts.queries';
import { findRiders, findRoutes, findRouteStops, findRun } from './transport.queries';

// Approach alerts and delay notices (issue 13): a family chooses, on the route's map, a distance or a
// time before its stop at which it is told "the bus is approaching"; the relatives of the riders are
// told when the bus runs late. Both go through the notifications area's personal notices (push, email,
// SMS under each person's own settings), at most once per run, person and kind (transport_alert_sends,
// written with ON CONFLICT DO NOTHING so processes and parallel reports cannot both send).

/** What the hooks need: the database, the job queue and a log (a route handler has all three). */
export interface AlertServices {
  db: Database;
  jobs: JobEnqueuer;
  log: JobLog;
}

/** One accepted live report of a route's bus on its running run. */
export interface ApproachInput {
  orgId: number;
  routeId: number;
  runId: number;
  /** ETAs of the stops still ahead. */
  etas: StopEta[];
  /** Index in `stops` of the next stop not reached yet. */
  nextIndex: number;
  /** The route's stops in driving order. */
  stops: { id: number; lat: number; lng: number }[];
  position: GeoPosition;
}

export interface DelayInput {
  orgId: number;
  routeId: number;
  runId: number;
  minutes: number;
  /** Where the delay is (the next stop late), or null when the driver reports it. */
  stopId: number | null;
}

/** The app page a notice opens. */
function mapPath(routeId: number): string {
  return `/transport/routes/${routeId}/map`;
}

function inTransaction<T>(db: Database, work: (trx: Database) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/** The names a bus notice shows. */
async function namesOf(db: Database, orgId: number, routeId: number, stopId: number | null): Promise<{ route: string; stop: string | null }> {
  const [route] = await findRoutes(db, orgId, [routeId]);
  const stop = stopId === null ? undefined : (await findRouteStops(db, orgId, routeId)).find((s) => s.id === stopId);
  return { route: route?.name ?? '', stop: stop?.name ?? null };
}

function busNotice(kind: PersonalNotice['kind'], input: { orgId: number; routeId: number; runId: number }, personId: number, values: BusNoticeValues, stopId: number | null): PersonalNotice {
  return {
    orgId: input.orgId,
    personId,
    kind,
    key: `${kind}:run:${input.runId}`,
    values,
    path: mapPath(input.routeId),
    data: { routeId: input.routeId, runId: input.runId, stopId },
  };
}

/**
 * Sends one person's approach alert on the run, unless it was sent before (any process) or the person
 * may no longer see the route. Answers false when it failed and should be tried on a later report.
 */
async function sendApproach(ctx: AlertServices, input: ApproachInput, alert: AlertRow, eta: StopEta, now: number): Promise<boolean> {
  try {
    const person = await findCaller(ctx.db, input.orgId, alert.person_id);
    if (!person || !(await canSee(routeAccess, ctx.db, person, input.routeId))) return true;
    const names = await namesOf(ctx.db, input.orgId, input.routeId, alert.stop_id);
    const values = { ...names, minutes: Math.max(0, (eta.eta - now) / 60), meters: Math.max(0, eta.meters) };
    await inTransaction(ctx.db, async (trx) => {
      const sent = await insertAlertSends(trx, input.orgId, input.runId, [alert.person_id], 'approaching');
      if (sent.length > 0) await enqueuePersonalNotice(trx, ctx.jobs, busNotice('bus_approaching', input, alert.person_id, values, alert.stop_id));
    });
    return true;
  } catch (err) {
    ctx.log.warn({ err, orgId: input.orgId, routeId: input.routeId, runId: input.runId, personId: alert.person_id }, 'approach alert not sent');
    return false;
  }
}

/**
 * The position ingest's hook, after each accepted live report: sends the "approaching" alert of each
 * person whose condition the report newly meets — their stop still ahead and the bus within their
 * distance or minutes — once per run. Reads nothing from the database until a condition is met (the
 * route's alerts stay in memory for a few seconds). Never throws: a failure is logged and the alert is
 * tried again on the next report.
 */
export async function checkApproach(ctx: AlertServices, input: ApproachInput): Promise<void> {
  try {
    const alerts = await routeAlerts(ctx.db, input.orgId, input.routeId);
    if (alerts.length === 0) return;
    const now = Math.floor(Date.now() / 1000);
    const indexOf = new Map(input.stops.map((s, i) => [s.id, i]));
    const ahead = new Map<number, StopEta>();
    for (const eta of input.etas) {
      const index = indexOf.get(eta.stopId);
      if (index !== undefined && index >= input.nextIndex) ahead.set(eta.stopId, eta);
    }
    const due = alerts.flatMap((alert) => {
      const eta = ahead.get(alert.stop_id);
      return eta && isApproaching(alert, eta, now) && needsSettling(ctx.db, input.orgId, input.routeId, input.runId, alert.person_id) ? [{ alert, eta }] : [];
    });
    await Promise.all(
      due.map(({ alert, eta }) => settleOnce(ctx.db, input.orgId, input.routeId, input.runId, alert.person_id, () => sendApproach(ctx, input, alert, eta, now))),
    );
  } catch (err) {
    ctx.log.warn({ err, orgId: input.orgId, routeId: input.routeId, runId: input.runId }, 'approach alerts not checked');
  }
}

/**
 * Tells the parent-like relatives of the route's riders that the bus runs `minutes` late, once per
 * run each (a second delay on the same run tells nobody again). Answers how many it queued notices
 * for. Never throws: a failure is logged and answers 0.
 */
export async function noticeDelay(ctx: AlertServices, input: DelayInput): Promise<number> {
  try {
    if (!(await findRun(ctx.db, input.orgId, input.routeId, input.runId))) return 0;
    const riders = (await findRiders(ctx.db, input.orgId, [input.routeId])).map((r) => r.person_id);
    const relatives = await findApprovedParentLikeRelativeIds(ctx.db, input.orgId, riders);
    if (relatives.length === 0) return 0;
    const names = await namesOf(ctx.db, input.orgId, input.routeId, input.stopId);
    const values = { ...names, minutes: input.minutes, meters: null };
    return await inTransaction(ctx.db, async (trx) => {
      const told = await insertAlertSends(trx, input.orgId, input.runId, relatives, 'delayed');
      for (const personId of told) await enqueuePersonalNotice(trx, ctx.jobs, busNotice('bus_delayed', input, personId, values, input.stopId));
      return told.length;
    });
  } catch (err) {
    ctx.log.warn({ err, orgId: input.orgId, routeId: input.routeId, runId: input.runId }, 'delay notice not sent');
    return 0;
  }
}

/**
 * GET transport/routes/{id}/alerts: the caller's alert, or, never saved, one that is off at the stop
 * where their child (or they) gets on — else the route's first stop. A route without stops: 409.
 */
export async function readApproachAlert(ctx: RequestContext, routeId: number): Promise<ApproachAlert> {
  const caller = requireCaller(ctx);
  const saved = await findAlert(ctx.db, ctx.org.id, caller.id, routeId);
  if (saved) return { stopId: saved.stop_id, meters: saved.meters, minutes: saved.minutes };
  const stops = await findRouteStops(ctx.db, ctx.org.id, routeId);
  const onRoute = new Set(stops.map((s) => s.id));
  const family = familyOf(caller);
  const riders = (await findRiders(ctx.db, ctx.org.id, [routeId])).filter((r) => family.includes(r.person_id));
  // The caller's children first; the caller themself (a student who rides) last.
  const rank = (personId: number) => (personId === caller.id ? family.length : family.indexOf(personId));
  riders.sort((a, b) => rank(a.person_id) - rank(b.person_id));
  const pickup = riders.map((r) => r.pickup_stop_id).find((id): id is number => id !== null && onRoute.has(id));
  const stopId = pickup ?? stops[0]?.id;
  if (stopId === undefined) throw new HttpError(409, 'route_without_stops', 'This route has no stops yet');
  return { stopId, meters: null, minutes: null };
}

/** PUT transport/routes/{id}/alerts: saves the caller's alert; its stop must be one of the route's (400 invalid_stop). */
export async function saveApproachAlert(ctx: RequestContext, routeId: number, alert: ApproachAlert): Promise<ApproachAlert> {
  const caller = requireCaller(ctx);
  const stops = await findRouteStops(ctx.db, ctx.org.id, routeId);
  if (!stops.some((s) => s.id === alert.stopId)) throw badRequest('invalid_stop', 'Choose one of the stops of this route');
  await saveAlert(ctx.db, ctx.org.id, caller.id, routeId, alert);
  forgetRouteAlerts(ctx.db, ctx.org.id, routeId);
  return { stopId: alert.stopId, meters: alert.meters, minutes: alert.minutes };
}
