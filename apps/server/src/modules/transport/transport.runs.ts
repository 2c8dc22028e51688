import type { RouteLogEntry, RouteRun, RunEventInput } from '@patio/core';
import type { RequestContext } from '../../http/context';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { requireCaller } from '../../http/school-scope';
import { isUniqueViolation } from '../../db/unique-violation';
import type { JobLog } from '../../platform/jobs/jobs';
import { noticeDelay } from './transport.alerts';
import { routeRightsOf } from './transport.access';
import { forgetRoute } from './transport.cache';
import { publishRouteEvent } from './transport.live';
import { schedulePositionsPurge } from './transport.purge';
import {
  clearTargetState,
  ensureTargets,
  finishRunRow,
  findLogIdByOnceKey,
  findNames,
  findRiders,
  findRouteStops,
  findRun,
  insertLogEntry,
  insertRun,
  type NewLogEntry,
  resetTargetState,
} from './transport.queries';
import { noRoute, readLogEntry } from './transport.read';
import { epochOf, personRef } from './transport.records';

// Runs of a route (issue 13 §1–2): started and finished by its driver, its monitor or school-wide
// staff; one at a time (transport_runs.active_key is unique, so twenty simultaneous starts make one
// run and nineteen 409s on both databases). While a run is on, the crew marks riders and delays.

const conflict = (code: string, message: string) => new HttpError(409, code, message);
const noRun = () => notFound('There is no such run of this route');

async function routeOf(ctx: RequestContext, nodeId: number) {
  const rights = await routeRightsOf(ctx.db, requireCaller(ctx), nodeId);
  if (!rights?.sees) throw noRoute();
  return rights.route;
}

/** Adds a log entry and tells the route's live followers; answers the entry (the existing one for a repeated once key) and whether it is new. */
async function logAndPublish(ctx: RequestContext, entry: NewLogEntry): Promise<{ entry: RouteLogEntry; added: boolean }> {
  const inserted = await insertLogEntry(ctx.db, ctx.org.id, entry);
  const id = inserted ?? (entry.onceKey ? await findLogIdByOnceKey(ctx.db, ctx.org.id, entry.onceKey) : undefined);
  const read = id === undefined ? null : await readLogEntry(ctx.db, ctx.org.id, entry.nodeId, id);
  if (!read) throw new Error('A route log entry vanished as it was written');
  if (inserted !== null) await publishRouteEvent(ctx.services.events, ctx.org.id, entry.nodeId, read);
  return { entry: read, added: inserted !== null };
}

/** POST transport/routes/{id}/runs: 409 run_in_progress while one is on. */
export async function startRun(ctx: RequestContext, nodeId: number): Promise<{ id: number }> {
  const caller = requireCaller(ctx);
  const route = await routeOf(ctx, nodeId);
  const now = new Date();
  const at = now.toISOString();
  let started: { runId: number; logId: number } | undefined;
  try {
    started = await ctx.db.transaction().execute(async (trx) => {
      const runId = await insertRun(trx, ctx.org.id, nodeId, caller.id, at);
      await ensureTargets(trx, ctx.org.id, [route]);
      await resetTargetState(trx, ctx.org.id, nodeId, runId);
      const logId = (await insertLogEntry(trx, ctx.org.id, { nodeId, runId, kind: 'started', at, actorId: caller.id }))!;
      await schedulePositionsPurge(trx, ctx.services.jobs, ctx.org.id, now);
      return { runId, logId };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('run_in_progress', 'This route already has a run on: finish it before starting another');
    throw err;
  }
  forgetRoute(ctx.db, ctx.org.id, nodeId);
  const entry = await readLogEntry(ctx.db, ctx.org.id, nodeId, started.logId);
  if (entry) await publishRouteEvent(ctx.services.events, ctx.org.id, nodeId, entry);
  return { id: started.runId };
}

/** POST transport/routes/{id}/runs/{runId}/finish: 409 run_finished when it was already. */
export async function finishRun(ctx: RequestContext, nodeId: number, runId: number): Promise<RouteRun> {
  const caller = requireCaller(ctx);
  await routeOf(ctx, nodeId);
  const run = await findRun(ctx.db, ctx.org.id, nodeId, runId);
  if (!run) throw noRun();
  const finished = () => conflict('run_finished', 'This run has already finished');
  if (run.active_key === null) throw finished();
  const at = new Date().toISOString();
  const logId = await ctx.db.transaction().execute(async (trx) => {
    if (!(await finishRunRow(trx, ctx.org.id, nodeId, runId, caller.id, at))) return null;
    await clearTargetState(trx, ctx.org.id, nodeId, runId);
    return (await insertLogEntry(trx, ctx.org.id, { nodeId, runId, kind: 'finished', at, actorId: caller.id }))!;
  });
  if (logId === null) throw finished();
  forgetRoute(ctx.db, ctx.org.id, nodeId);
  const entry = await readLogEntry(ctx.db, ctx.org.id, nodeId, logId);
  if (entry) await publishRouteEvent(ctx.services.events, ctx.org.id, nodeId, entry);
  const [starter] = run.started_by === null ? [] : await findNames(ctx.db, ctx.org.id, [run.started_by]);
  return {
    id: run.id,
    startedAt: epochOf(run.started_at),
    finishedAt: epochOf(at),
    startedBy: starter ? personRef(starter.id, starter.first_name, starter.last_name, starter.last_name2) : null,
  };
}

/**
 * POST transport/routes/{id}/runs/{runId}/events: a rider of the route boarded or was dropped (once
 * per run each), or the bus is late by some minutes (once per run and number). 409 run_not_running
 * once the run is over, 400 not_a_rider / not_a_stop for people and stops of no concern to the route.
 */
export async function addRunEvent(ctx: RequestContext, nodeId: number, runId: number, input: RunEventInput, log: JobLog): Promise<RouteLogEntry> {
  const caller = requireCaller(ctx);
  await routeOf(ctx, nodeId);
  const run = await findRun(ctx.db, ctx.org.id, nodeId, runId);
  if (!run) throw noRun();
  if (run.active_key === null) throw conflict('run_not_running', 'This run has finished: marks and delays go on a running run');
  const at = new Date().toISOString();
  if (input.kind === 'delayed') {
    const { entry, added } = await logAndPublish(ctx, { nodeId, runId, kind: 'delayed', at, actorId: caller.id, minutes: input.minutes, onceKey: `delayed:${runId}:${input.minutes}` });
    // The riders' families hear of it (once per run: transport.alerts.ts).
    if (added) await noticeDelay({ db: ctx.db, jobs: ctx.services.jobs, log }, { orgId: ctx.org.id, routeId: nodeId, runId, minutes: input.minutes, stopId: null });
    return entry;
  }
  const riders = await findRiders(ctx.db, ctx.org.id, [nodeId]);
  if (!riders.some((r) => r.person_id === input.personId)) throw badRequest('not_a_rider', 'That person does not ride this route');
  if (input.stopId !== null && !(await findRouteStops(ctx.db, ctx.org.id, nodeId)).some((s) => s.id === input.stopId)) {
    throw badRequest('not_a_stop', 'That stop is not on this route');
  }
  const { entry } = await logAndPublish(ctx, {
    nodeId,
    runId,
    kind: input.kind,
    at,
    actorId: caller.id,
    personId: input.personId,
    stopId: input.stopId,
    onceKey: `${input.kind}:${runId}:${input.personId}`,
  });
  return entry;
}
