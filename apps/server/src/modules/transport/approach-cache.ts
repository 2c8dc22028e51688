import type { Database } from '../../db/database';
import { type AlertRow, findRouteAlerts } from './transport.alerts.queries';

// What checkApproach keeps in memory, per app instance (one per database handle), so that a position
// report costs no query at all until an alert's condition is met:
// - the alerts that are on, per route, read again after ALERTS_TTL_MS give or take a quarter, in the
//   background while reports go on with the old list (a PUT in this process drops them at once; one
//   in another process is seen within the TTL); concurrent reports of a cold route share one read.
//   Routes loaded together (a fleet's first reports) so neither expire together nor wait for it;
// - per route, the people whose alert this process already settled on the running run (sent, found
//   sent, or not theirs to get), so it asks the database about each person at most once per run;
// - the people being settled right now, so twenty reports at once do the work once.

const ALERTS_TTL_MS = 30_000;

interface RouteAlerts {
  alerts: AlertRow[];
  /** When to read them again (ms). */
  staleAt: number;
}

interface Settled {
  runId: number;
  people: Set<number>;
  pending: Set<number>;
}

class ApproachCache {
  readonly alerts = new Map<string, RouteAlerts>();
  readonly loading = new Map<string, Promise<AlertRow[]>>();
  readonly settled = new Map<string, Settled>();
}

const caches = new WeakMap<Database, ApproachCache>();

function cacheOf(db: Database): ApproachCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new ApproachCache()));
  return cache;
}

const keyOf = (orgId: number, routeId: number) => `${orgId}:${routeId}`;

/** The route's alerts that are on: from memory while fresh, else read once however many ask at once. */
export async function routeAlerts(db: Database, orgId: number, routeId: number): Promise<AlertRow[]> {
  const cache = cacheOf(db);
  const key = keyOf(orgId, routeId);
  const known = cache.alerts.get(key);
  if (known && Date.now() < known.staleAt) return known.alerts;
  const loading = cache.loading.get(key) ?? loadAlerts(cache, db, orgId, routeId);
  if (!known) return loading;
  loading.catch(() => undefined);
  return known.alerts;
}

function loadAlerts(cache: ApproachCache, db: Database, orgId: number, routeId: number): Promise<AlertRow[]> {
  const key = keyOf(orgId, routeId);
  const known = cache.loading.get(key);
  if (known) return known;
  const loading: Promise<AlertRow[]> = findRouteAlerts(db, orgId, routeId)
    .then((alerts) => {
      // A read that began before a forgetRouteAlerts must not put back what it forgot.
      if (cache.loading.get(key) !== loading) return alerts;
      // Bounded by the routes the process serves; a runaway map is emptied rather than grown.
      if (cache.alerts.size > 10_000) cache.alerts.clear();
      cache.alerts.set(key, { alerts, staleAt: Date.now() + ALERTS_TTL_MS * (0.75 + Math.random() / 2) });
      return alerts;
    })
    .finally(() => {
      if (cache.loading.get(key) === loading) cache.loading.delete(key);
    });
  cache.loading.set(key, loading);
  return loading;
}

/** Drops the route's alerts from memory (someone changed theirs). */
export function forgetRouteAlerts(db: Database, orgId: number, routeId: number): void {
  const cache = cacheOf(db);
  cache.alerts.delete(keyOf(orgId, routeId));
  cache.loading.delete(keyOf(orgId, routeId));
}

function settledOf(db: Database, orgId: number, routeId: number, runId: number): Settled {
  const cache = cacheOf(db);
  const key = keyOf(orgId, routeId);
  let settled = cache.settled.get(key);
  if (!settled || settled.runId !== runId) {
    if (cache.settled.size > 10_000) cache.settled.clear();
    cache.settled.set(key, (settled = { runId, people: new Set(), pending: new Set() }));
  }
  return settled;
}

/** Whether the person's alert on this run still needs settling, and nobody in this process is at it. */
export function needsSettling(db: Database, orgId: number, routeId: number, runId: number, personId: number): boolean {
  const settled = settledOf(db, orgId, routeId, runId);
  return !settled.people.has(personId) && !settled.pending.has(personId);
}

/**
 * Settles the person's alert on this run with `work`, unless another call of this process is at it:
 * `work` answers true when the matter is closed for the run (sent, or not theirs to get), false to look
 * again on a later report (it failed).
 */
export async function settleOnce(db: Database, orgId: number, routeId: number, runId: number, personId: number, work: () => Promise<boolean>): Promise<void> {
  const settled = settledOf(db, orgId, routeId, runId);
  if (settled.people.has(personId) || settled.pending.has(personId)) return;
  settled.pending.add(personId);
  try {
    if (await work()) settled.people.add(personId);
  } finally {
    settled.pending.delete(personId);
  }
}
