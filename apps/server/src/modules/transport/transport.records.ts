import { formatFullName, type GeoPosition, type RouteLogEntry, type RouteLogKind, type StopEta } from '@patio/core';
import type { LogRow } from './transport.queries';

// Rows → the shapes of @patio/core's transport schemas.

export const epochOf = (iso: string): number => Math.floor(Date.parse(iso) / 1000);

export function personRef(id: number | null, first: string | null, last: string | null, last2: string | null): { id: number; name: string } | null {
  if (id === null || first === null) return null;
  return { id, name: formatFullName({ firstName: first, lastName: last, lastName2: last2 }) };
}

/** A stored live position (geo_targets.last_position) as clients read it. */
export function parsePosition(json: string | null): GeoPosition | null {
  if (json === null) return null;
  return JSON.parse(json) as GeoPosition;
}

export function parseEtas(json: string | null): StopEta[] {
  if (json === null) return [];
  return JSON.parse(json) as StopEta[];
}

export function logEntryOf(row: LogRow): RouteLogEntry {
  return {
    id: row.id,
    runId: row.run_id,
    kind: row.kind as RouteLogKind,
    at: epochOf(row.at),
    stop: row.stop_id !== null && row.stop_name !== null ? { id: row.stop_id, name: row.stop_name } : null,
    person: personRef(row.person_id, row.person_first_name, row.person_last_name, row.person_last_name2),
    actor: personRef(row.actor_id, row.actor_first_name, row.actor_last_name, row.actor_last_name2),
    minutes: row.minutes,
  };
}
