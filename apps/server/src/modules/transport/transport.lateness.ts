import { LATE_AFTER_MINUTES, type RouteLogEntry, type StopEta } from '@patio/core';
import type { EtaStop } from '@patio/core/transport/eta';
import type { Database } from '../../db/database';
import type { EventBus } from '../../platform/events/event-bus';
import { type AlertServices, noticeDelay } from './transport.alerts';
import { publishRouteEvent } from './transport.live';
import { insertLogEntry } from './transport.queries';

// A late bus tells the families by itself (issue 13 §3 "delay notices"): when a live report's ETA at
// the next stop is LATE_AFTER_MINUTES or more after that stop's planned time, the route log gets a
// "delayed" entry with no author and the riders' families the same notice as a delay the driver
// marks (once per run each, transport.alerts.ts). Once per run: the log's once key decides across
// processes; the set below spares the ingest that INSERT on every later report of a late run.

/** Runs known to be logged late, per database handle (a run is late once; the set is only a shortcut). */
const lateRuns = new WeakMap<Database, Set<number>>();
const MAX_REMEMBERED = 10_000;

/**
 * A run started this long after the route's first planned time is another trip on the same stops (an
 * afternoon run of a morning route), not a late one: its schedule says nothing about it.
 */
const OTHER_TRIP_AFTER_S = 60 * 60;

/** Whole minutes the bus is behind the planned time of its next stop, when that is late; null otherwise. */
export function minutesLate(stops: readonly EtaStop[], etas: readonly StopEta[], nextIndex: number, runStartedAt: number): number | null {
  const firstPlanned = stops.find((s) => s.scheduledAt !== null)?.scheduledAt;
  if (firstPlanned === undefined || firstPlanned === null || runStartedAt > firstPlanned + OTHER_TRIP_AFTER_S) return null;
  const next = stops[nextIndex];
  if (!next || next.scheduledAt === null) return null;
  const eta = etas.find((e) => e.stopId === next.id);
  if (!eta) return null;
  const minutes = Math.floor((eta.eta - next.scheduledAt) / 60);
  return minutes >= LATE_AFTER_MINUTES ? minutes : null;
}

export interface LatenessInput {
  orgId: number;
  routeId: number;
  runId: number;
  /** When the run started, epoch seconds. */
  runStartedAt: number;
  stops: readonly EtaStop[];
  etas: readonly StopEta[];
  nextIndex: number;
  /** When the report arrived, epoch seconds. */
  at: number;
  /** The same stops with their names. */
  named: readonly { id: number; name: string }[];
}

/** Logs and tells a late run once; never fails the report that found it late. */
export async function noticeLateness(services: AlertServices & { events: EventBus }, input: LatenessInput): Promise<void> {
  const { db, log, orgId } = { ...services, orgId: input.orgId };
  let known = lateRuns.get(db);
  if (known?.has(input.runId)) return;
  const minutes = minutesLate(input.stops, input.etas, input.nextIndex, input.runStartedAt);
  if (minutes === null) return;
  if (!known) lateRuns.set(db, (known = new Set()));
  if (known.size >= MAX_REMEMBERED) known.clear();
  known.add(input.runId);
  const stop = input.stops[input.nextIndex]!;
  try {
    const at = new Date(input.at * 1000).toISOString();
    const id = await insertLogEntry(db, orgId, { nodeId: input.routeId, runId: input.runId, kind: 'delayed', at, stopId: stop.id, minutes, onceKey: `delayed:auto:${input.runId}` });
    if (id === null) return;
    const entry: RouteLogEntry = {
      id,
      runId: input.runId,
      kind: 'delayed',
      at: input.at,
      stop: { id: stop.id, name: input.named.find((s) => s.id === stop.id)?.name ?? '' },
      person: null,
      actor: null,
      minutes,
    };
    await publishRouteEvent(services.events, orgId, input.routeId, entry);
    await noticeDelay(services, { orgId, routeId: input.routeId, runId: input.runId, minutes, stopId: stop.id });
  } catch (err) {
    known.delete(input.runId);
    log.warn({ err, orgId, routeId: input.routeId, runId: input.runId }, 'late bus not logged');
  }
}
