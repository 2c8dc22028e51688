import type { Generated } from 'kysely';

// Tables of migration 016-transport. Times are ISO text like the other tables, except the report's own
// `timestamp` (epoch seconds, as the device sent it). geo_positions.id is bigint: PostgreSQL answers it
// as a string.

export interface TransportRouteTable {
  org_id: number;
  id: Generated<number>;
  node_id: number;
  vehicle: Generated<string>;
  driver_id: number | null;
  monitor_id: number | null;
}

export interface RouteRiderTable {
  org_id: number;
  id: Generated<number>;
  node_id: number;
  person_id: number;
  pickup_stop_id: number | null;
  dropoff_stop_id: number | null;
}

export interface GeoTargetTable {
  org_id: number;
  id: Generated<number>;
  name: string;
  /** The route node the target tracks (its bus), or null for a target of its own. */
  node_id: number | null;
  enabled: Generated<number>;
  /** Device time (epoch seconds) of the last report accepted as the live position. */
  last_timestamp: number | null;
  /** JSON GeoPosition (@patio/core transport schema) of that report. */
  last_position: string | null;
  last_received_at: string | null;
  /** Smoothed recent speed in m/s, the ETA's speed estimate. */
  speed_avg: number | null;
  /** Index (0-based, in stop order) of the next stop the bus has not reached on its current run. */
  next_stop_index: Generated<number>;
  /** The run the live state (next_stop_index, speed_avg, last_etas) belongs to; null before the first run. */
  run_id: number | null;
  /** JSON StopEta[] (@patio/core) computed for the last live report of run_id. */
  last_etas: string | null;
  created_at: string;
}

export interface TransportRunTable {
  org_id: number;
  id: Generated<number>;
  node_id: number;
  /** The route's node id while the run is on; null once finished (unique: one running run per route). */
  active_key: number | null;
  started_by: number | null;
  started_at: string;
  finished_by: number | null;
  finished_at: string | null;
}

export interface GeoPositionTable {
  org_id: number;
  id: Generated<number | string>;
  target_id: number;
  run_id: number | null;
  reporter_id: number | null;
  latitude: number;
  longitude: number;
  altitude: number | null;
  accuracy: number | null;
  altitude_accuracy: number | null;
  heading: number | null;
  speed: number | null;
  timestamp: number;
  received_at: string;
}

export interface RouteLogTable {
  org_id: number;
  id: Generated<number>;
  node_id: number;
  run_id: number;
  /** RouteLogKind of @patio/core: started, stop_reached, boarded, dropped, delayed, finished. */
  kind: string;
  at: string;
  stop_id: number | null;
  person_id: number | null;
  actor_id: number | null;
  minutes: number | null;
  once_key: string | null;
}

export interface TransportShareTable {
  org_id: number;
  id: Generated<number>;
  node_id: number;
  /** SHA-256 (hex) of the link's token; the token itself is only in the link. */
  token_hash: string;
  created_by: number;
  created_at: string;
  expires_at: string;
}

export interface TransportAlertTable {
  org_id: number;
  person_id: number;
  node_id: number;
  stop_id: number;
  meters: number | null;
  minutes: number | null;
  updated_at: string;
}

export interface TransportAlertSendTable {
  org_id: number;
  run_id: number;
  person_id: number;
  /** 'approaching' or 'delayed'. */
  kind: string;
  sent_at: string;
}

export interface TransportTables {
  transport_routes: TransportRouteTable;
  route_riders: RouteRiderTable;
  geo_targets: GeoTargetTable;
  transport_runs: TransportRunTable;
  geo_positions: GeoPositionTable;
  route_log: RouteLogTable;
  transport_shares: TransportShareTable;
  transport_alerts: TransportAlertTable;
  transport_alert_sends: TransportAlertSendTable;
}
