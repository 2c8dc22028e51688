import type { EtaFix, EtaStop } from '@patio/core/transport/eta';
import { epochOfWallClock, localDateOf } from '@patio/core/calendar/times';
import type { Database } from '../../db/database';
import type { Org } from '../../policy/policy';
import { timeZoneOf } from '../settings/index';
import { findRouteStops, findTargetRoute, findTargetState, type StopRow } from './transport.queries';

// What the position ingest path keeps in memory, per app instance (one per database handle), so that
// an accepted report costs one conditional UPDATE and one INSERT (docs/decisions/017):
// - the target's route: crew, stops and the running run, dropped at once when this process starts or
//   finishes a run. Another process's start or finish changes the target's run_id, which the ingest's
//   compare-and-swap notices and answers by reading the target again; a target without a running run
//   is never trusted from memory. An entry is read again after TARGET_TTL_MS, give or take a quarter
//   (so a fleet loaded together does not expire together), in the background while the report that
//   found it old goes on with it: 8,000 buses whose entries all expired in the same few seconds cost
//   a pause of seconds to every report (bench/RESULTS.md). A route set up again (transport.setup.ts:
//   crew, stops) is forgotten at once in this process and, over the event bus, in the others; the TTL
//   bounds only what Patio did not write (hand-written SQL). At 30 s, reading 8,000 buses again took
//   a sixth of PostgreSQL's share of the two cores at 4,000 reports/s;
// - the last live state this process wrote or read, the "expected" side of the compare-and-swap:
//   when another process moved it on, the swap fails and the state is read again;
// - a per-target count of arrivals per second, so a flooding device is refused before any query.

const TARGET_TTL_MS = 5 * 60_000;
/** Reports of one target accepted per second before 429, whatever their timestamps say (spec: one per 2 s). */
export const MAX_REPORTS_PER_SECOND = 10;

export interface CachedStop {
  id: number;
  name: string;
  lat: number;
  lng: number;
  scheduledTime: string | null;
}

export interface TargetEntry {
  orgId: number;
  targetId: number;
  name: string;
  nodeId: number | null;
  enabled: boolean;
  driverId: number | null;
  monitorId: number | null;
  run: { id: number; startedAt: number } | null;
  stops: CachedStop[];
  /** The stops as trackRoute reads them, with the planned arrival on the running run. */
  etaStops: EtaStop[];
  /** When it is to be read again (ms). */
  staleAt: number;
}

export interface LiveState {
  lastTimestamp: number | null;
  runId: number | null;
  nextIndex: number;
  speedAvg: number | null;
  lastFix: EtaFix | null;
}

class TransportCache {
  readonly targets = new Map<string, TargetEntry>();
  readonly states = new Map<string, LiveState>();
  readonly arrivals = new Map<string, { second: number; count: number }>();
  /** Targets being read again in the background. */
  readonly refreshing = new Set<string>();
  /** Bumped by forgetRoute: a background read that began before it must not put back what it forgot. */
  generation = 0;
}

const caches = new WeakMap<Database, TransportCache>();

function cacheOf(db: Database): TransportCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new TransportCache()));
  return cache;
}

const keyOf = (orgId: number, targetId: number) => `${orgId}:${targetId}`;

/** 'HH:MM' on the local day of `startedAt` (epoch seconds) in `zone`, as epoch seconds; null for no or a bad time. */
export function scheduledAtOf(time: string | null, startedAt: number, zone: string): number | null {
  const match = time?.match(/^([01]\d|2[0-3]):([0-5]\d)$/);
  if (!match) return null;
  return epochOfWallClock(localDateOf(startedAt, zone), Number(match[1]) * 3600 + Number(match[2]) * 60, zone);
}

export function etaStopsOf(stops: readonly CachedStop[], run: { startedAt: number } | null, zone: string): EtaStop[] {
  return stops.map((s) => ({ id: s.id, lat: s.lat, lng: s.lng, scheduledAt: run ? scheduledAtOf(s.scheduledTime, run.startedAt, zone) : null }));
}

export function toCachedStops(rows: readonly StopRow[]): CachedStop[] {
  return rows.map((s) => ({ id: s.id, name: s.name, lat: s.lat, lng: s.lng, scheduledTime: s.scheduled_time }));
}

async function loadTarget(db: Database, org: Org, targetId: number): Promise<TargetEntry | null> {
  const row = await findTargetRoute(db, org.id, targetId);
  if (!row) return null;
  const stops = row.node_id === null ? [] : toCachedStops(await findRouteStops(db, org.id, row.node_id));
  const run = row.run_id === null ? null : { id: row.run_id, startedAt: Math.floor(Date.parse(row.run_started_at!) / 1000) };
  return {
    orgId: org.id,
    targetId,
    name: row.name,
    nodeId: row.node_id,
    enabled: row.enabled === 1,
    driverId: row.driver_id,
    monitorId: row.monitor_id,
    run,
    stops,
    etaStops: etaStopsOf(stops, run, timeZoneOf(org.settings)),
    staleAt: Date.now() + TARGET_TTL_MS * (0.75 + Math.random() / 2),
  };
}

/**
 * The target `targetId` of the school with its route (memory for a few seconds while its run is on),
 * or null when the school has no such target. `fresh` reads it from the database in any case.
 */
export async function targetEntry(db: Database, org: Org, targetId: number, fresh = false): Promise<TargetEntry | null> {
  const cache = cacheOf(db);
  const key = keyOf(org.id, targetId);
  const cached = cache.targets.get(key);
  if (!fresh && cached && cached.run !== null) {
    if (Date.now() >= cached.staleAt) refreshTarget(db, org, targetId);
    return cached;
  }
  const generation = cache.generation;
  const entry = await loadTarget(db, org, targetId);
  // A read that began before a forgetRoute (a crew taken off) answers its own report but is not kept.
  if (cache.generation !== generation) return entry;
  if (entry) cache.targets.set(key, entry);
  else cache.targets.delete(key);
  return entry;
}

/** Reads a target again in the background, once at a time; a failed read keeps the old entry until the next report. */
function refreshTarget(db: Database, org: Org, targetId: number): void {
  const cache = cacheOf(db);
  const key = keyOf(org.id, targetId);
  if (cache.refreshing.has(key)) return;
  cache.refreshing.add(key);
  const generation = cache.generation;
  loadTarget(db, org, targetId)
    .then((entry) => {
      if (cache.generation !== generation) return;
      if (entry) cache.targets.set(key, entry);
      else cache.targets.delete(key);
    })
    .catch(() => undefined)
    .finally(() => cache.refreshing.delete(key));
}

/** Forgets what this process knows of a route's target (a run started or finished here). */
export function forgetRoute(db: Database, orgId: number, nodeId: number): void {
  const cache = cacheOf(db);
  cache.generation++;
  for (const [key, entry] of cache.targets) {
    if (entry.orgId !== orgId || entry.nodeId !== nodeId) continue;
    cache.targets.delete(key);
    cache.states.delete(key);
  }
}

/** The live state: as this process last wrote it, or from the database (`reload`, or unknown). */
export async function liveState(db: Database, orgId: number, targetId: number, reload = false): Promise<LiveState | null> {
  const cache = cacheOf(db);
  const key = keyOf(orgId, targetId);
  if (!reload) {
    const known = cache.states.get(key);
    if (known) return known;
  }
  const row = await findTargetState(db, orgId, targetId);
  if (!row) return null;
  // The last position stays on the map from run to run; as the previous fix it counts only once this
  // run has a live report (a run's start clears last_timestamp).
  const last =
    row.last_position === null || row.last_timestamp === null
      ? null
      : (JSON.parse(row.last_position) as { latitude: number; longitude: number; speed: number | null; timestamp: number; accuracy: number | null });
  const state: LiveState = {
    lastTimestamp: row.last_timestamp,
    runId: row.run_id,
    nextIndex: row.next_stop_index,
    speedAvg: row.speed_avg,
    lastFix: last && { latitude: last.latitude, longitude: last.longitude, speed: last.speed, timestamp: last.timestamp, accuracy: last.accuracy },
  };
  cache.states.set(key, state);
  return state;
}

export function rememberState(db: Database, orgId: number, targetId: number, state: LiveState): void {
  cacheOf(db).states.set(keyOf(orgId, targetId), state);
}

/** Counts an arrival for the target; false when it is over MAX_REPORTS_PER_SECOND in this second. */
export function admitArrival(db: Database, orgId: number, targetId: number, nowMs = Date.now()): boolean {
  const arrivals = cacheOf(db).arrivals;
  const key = keyOf(orgId, targetId);
  const second = Math.floor(nowMs / 1000);
  const window = arrivals.get(key);
  if (!window || window.second !== second) {
    if (arrivals.size > 10_000) arrivals.clear();
    arrivals.set(key, { second, count: 1 });
    return true;
  }
  window.count++;
  return window.count <= MAX_REPORTS_PER_SECOND;
}
