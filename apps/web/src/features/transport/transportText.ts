import type { TFunction } from 'i18next';
import { formatRelativeTime } from '@patio/core/format/dates';
import { formatTime } from '@patio/core/format/dateTimes';
import { POSITION_STALE_AFTER_S, type GeoPosition, type RouteRun } from '@patio/core/schemas/transport';

/** A bus position older than POSITION_STALE_AFTER_S (by the server's receipt time) is stale. */
export function isStalePosition(position: Pick<GeoPosition, 'receivedAt'> | null, nowMs: number): boolean {
  return position !== null && nowMs / 1000 - position.receivedAt > POSITION_STALE_AFTER_S;
}

/** "Updated 2 minutes ago", or that no position came yet. */
export function lastUpdateText(t: TFunction, position: Pick<GeoPosition, 'receivedAt'> | null, nowMs: number, language: string): string {
  if (!position) return t('transport.position.never');
  // A clock a little ahead of the phone's must not read "in 3 seconds".
  const at = Math.min(position.receivedAt * 1000, nowMs);
  return t('transport.position.updated', { ago: formatRelativeTime(at, nowMs, language) });
}

/** A bus on the map, for screen readers and on hover: "Bus of Route 1. Updated 2 minutes ago". */
export function busLabelOf(t: TFunction, name: string, position: Pick<GeoPosition, 'receivedAt'> | null, nowMs: number, language: string): string {
  return t('transport.map.bus', { name, updated: lastUpdateText(t, position, nowMs, language) });
}

/** Whole minutes until an ETA (epoch seconds), never below 0. */
export function minutesUntil(eta: number, nowMs: number): number {
  return Math.max(0, Math.round((eta * 1000 - nowMs) / 60_000));
}

/** "7:42 a. m. · in 6 min": the time of day of an ETA and how long until then. */
export function etaText(t: TFunction, eta: number, nowMs: number, language: string): string {
  const minutes = minutesUntil(eta, nowMs);
  const time = formatTime(eta * 1000, language);
  return minutes === 0 ? t('transport.eta.arriving', { time }) : t('transport.eta.inMinutes', { time, count: minutes });
}

export type RunState = 'notRunning' | 'onTheWay' | 'finished';

/** spec §4: a route can be started or finished; before the first start it is not running. */
export function runStateOf(run: RouteRun | null): RunState {
  if (!run) return 'notRunning';
  return run.finishedAt === null ? 'onTheWay' : 'finished';
}
