import { type GeoPosition, MAX_REPORT_CLOCK_SKEW_S, type PositionReport, type RouteLogEntry } from '@patio/core';
import { type EtaFix, type EtaResult, trackRoute } from '@patio/core/transport/eta';
import type { RequestContext } from '../../http/context';
import { badRequest, HttpError } from '../../http/errors';
import { requireCaller } from '../../http/school-scope';
import type { JobLog } from '../../platform/jobs/jobs';
import { admitArrival, liveState, rememberState, type TargetEntry, targetEntry } from './transport.cache';
import { publishPosition, publishRouteEvent } from './transport.live';
import { writePosition } from './transport.position-batch';
import { insertLogEntry } from './transport.queries';
import { noTarget } from './transport.read';
import { checkApproach } from './transport.alerts';
import { noticeLateness } from './transport.lateness';

// POST geo/targets/{id}/position (issue 13 §2–3; docs/decisions/017): the ingest path of a bus's
// position reports, the hot path of the area (thousands a second in bench/). With the target and its
// run in memory (transport.cache.ts), a report costs one conditional UPDATE, a compare-and-swap on the
// target's live state that makes it the live position only if no newer report got there first (in any
// process), and one INSERT that stores it, both in one transaction with the other reports of the same
// turn of the event loop (transport.position-batch.ts). Only the winner logs the stops it reached (once
// per run and stop), is broadcast and reaches the approach alerts. An older report is stored and
// answered `live: false`; one sooner than the spec allows after the live one (one per 2 s) is 429.

/** A report this soon after the live one (device time) is refused: the spec's 2 s, less jitter. */
export const MIN_REPORT_GAP_S = 1.5;

/** Compare-and-swap attempts of one report before it is stored as not live. */
const MAX_SWAP_ATTEMPTS = 64;

const notStarted = () => new HttpError(409, 'run_not_started', 'Start a run of the route before reporting its position');
const tooMany = () => new HttpError(429, 'too_many_reports', 'Position reports come at most one every 2 seconds', { 'retry-after': '2' });

/** The driver or monitor of the target's route (what the policy checks, from the same cached entry). */
export function reportsFor(entry: TargetEntry, caller: { id: number; routeIds: number[] }): boolean {
  if (entry.nodeId === null) return false;
  return entry.driverId === caller.id || entry.monitorId === caller.id || caller.routeIds.includes(entry.nodeId);
}


/**
 * Stores a report of the target's device and, when it is the newest, makes it the live position
 * (see above). `log` hears what the approach alerts could not do (they never fail the report).
 */
export async function reportPosition(ctx: RequestContext, targetId: number, report: PositionReport, log: JobLog): Promise<{ id: number | string; live: boolean }> {
  const caller = requireCaller(ctx);
  const { db, org } = ctx;
  const nowMs = Date.now();
  if (report.timestamp > nowMs / 1000 + MAX_REPORT_CLOCK_SKEW_S) {
    throw badRequest('invalid_timestamp', `The report's timestamp is more than ${MAX_REPORT_CLOCK_SKEW_S} seconds ahead of the server's clock`);
  }
  let entry = await targetEntry(db, org, targetId);
  if (!entry) throw noTarget();
  if (!entry.run || entry.nodeId === null) throw notStarted();
  if (!entry.enabled) throw new HttpError(409, 'target_disabled', 'This tracked bus is switched off');
  if (!admitArrival(db, org.id, targetId, nowMs)) throw tooMany();

  const position: GeoPosition = {
    latitude: report.latitude,
    longitude: report.longitude,
    altitude: report.altitude,
    accuracy: report.accuracy,
    altitudeAccuracy: report.altitudeAccuracy,
    heading: report.heading,
    speed: report.speed,
    timestamp: report.timestamp,
    receivedAt: Math.floor(nowMs / 1000),
  };
  // Stored as the position above, but with the arrival time to the millisecond.
  const row = (runId: number) => ({ ...position, targetId, runId, reporterId: caller.id, receivedAt: new Date(nowMs).toISOString() });
  const store = async (runId: number) => (await writePosition(db, { orgId: org.id, targetId, swap: null, position: row(runId) })).id!;
  // Older than the run (less the clock skew a device may have): a late report of an earlier run.
  if (report.timestamp < entry.run.startedAt - MAX_REPORT_CLOCK_SKEW_S) return { id: await store(entry.run.id), live: false };

  const fix: EtaFix = { latitude: report.latitude, longitude: report.longitude, speed: report.speed, timestamp: report.timestamp, accuracy: report.accuracy };
  let state = await liveState(db, org.id, targetId);
  let run = entry.run;
  // Each lost swap means a newer report became live (the live timestamp only grows) or the run changed,
  // so the loop ends once this report is the newest or is older than the live one; the bound only
  // guards against a fault. A small bound made the newest of many simultaneous reports give up.
  for (let attempt = 0; state && attempt < MAX_SWAP_ATTEMPTS; attempt++) {
    if (state.runId !== run.id) {
      // The live state is of another run: this process's idea of the run may be old (another process
      // finished it, or started a newer one). Read the target again.
      entry = await targetEntry(db, org, targetId, true);
      if (!entry?.run) throw notStarted();
      run = entry.run;
      if (state.runId !== null && state.runId > run.id) {
        state = await liveState(db, org.id, targetId, true);
        continue;
      }
    }
    const current = state.runId === run.id;
    const lastTimestamp = current ? state.lastTimestamp : null;
    if (lastTimestamp !== null && report.timestamp <= lastTimestamp) return { id: await store(run.id), live: false };
    if (lastTimestamp !== null && report.timestamp - lastTimestamp < MIN_REPORT_GAP_S) {
      // Too soon after the live report; one that only lost a race to it is kept, not refused.
      if (attempt === 0) throw tooMany();
      return { id: await store(run.id), live: false };
    }
    const result = trackRoute({
      stops: entry!.etaStops,
      nextIndex: current ? state.nextIndex : 0,
      fix,
      previous: current ? state.lastFix : null,
      speedAvg: current ? state.speedAvg : null,
    });
    const written = await writePosition(db, {
      orgId: org.id,
      targetId,
      swap: {
        expected: { lastTimestamp: state.lastTimestamp, runId: state.runId },
        next: {
          lastTimestamp: report.timestamp,
          lastPosition: JSON.stringify(position),
          receivedAt: new Date(nowMs).toISOString(),
          speedAvg: result.speedAvg,
          nextStopIndex: result.nextIndex,
          runId: run.id,
          etas: JSON.stringify(result.etas),
        },
      },
      position: row(run.id),
    });
    if (written.live) {
      rememberState(db, org.id, targetId, { lastTimestamp: report.timestamp, runId: run.id, nextIndex: result.nextIndex, speedAvg: result.speedAvg, lastFix: fix });
      await announce(ctx, log, entry!, run.id, position, result);
      return { id: written.id, live: true };
    }
    // Another report (here or in another process) moved the state on: read it and decide again.
    state = await liveState(db, org.id, targetId, true);
  }
  return { id: await store(run.id), live: false };
}

/** A live report: the stops it reached go in the log (once per run), then it is broadcast, tells the families when the bus runs late, and the approach alerts look at it. */
async function announce(ctx: RequestContext, log: JobLog, entry: TargetEntry, runId: number, position: GeoPosition, result: EtaResult): Promise<void> {
  const { db, org, services } = ctx;
  const routeId = entry.nodeId!;
  const at = new Date(position.receivedAt * 1000);
  for (const stopId of result.reached) {
    const logId = await insertLogEntry(db, org.id, { nodeId: routeId, runId, kind: 'stop_reached', at: at.toISOString(), stopId, onceKey: `stop:${runId}:${stopId}` });
    if (logId === null) continue;
    const stop = entry.stops.find((s) => s.id === stopId);
    const logged: RouteLogEntry = {
      id: logId,
      runId,
      kind: 'stop_reached',
      at: position.receivedAt,
      stop: stop ? { id: stop.id, name: stop.name } : null,
      person: null,
      actor: null,
      minutes: null,
    };
    await publishRouteEvent(services.events, org.id, routeId, logged);
  }
  await publishPosition(services.events, org.id, routeId, entry.targetId, position, result.etas);
  await noticeLateness({ db, jobs: services.jobs, events: services.events, log }, {
    orgId: org.id,
    routeId,
    runId,
    runStartedAt: entry.run!.startedAt,
    stops: entry.etaStops,
    etas: result.etas,
    nextIndex: result.nextIndex,
    at: position.receivedAt,
    named: entry.stops,
  });
  await checkApproach({ db, jobs: services.jobs, log }, { orgId: org.id, routeId, runId, etas: result.etas, nextIndex: result.nextIndex, stops: entry.stops, position });
}
