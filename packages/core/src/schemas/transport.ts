import { z } from 'zod';
import { POSITION_MAX_AGE_MS, POSITION_TIMEOUT_MS } from '../constants';
import { ZId } from './ids';

// Transport and live GPS (spec §3 Position report, §4 Position tracker, §7 geo/targets/{id}/position,
// §9 watcher; issue 13). Coordinates are WGS84 degrees; speeds m/s; distances metres; `timestamp`,
// `eta` and the other epoch times are seconds.

/** Spec §9 watcher options (navigator.geolocation.watchPosition); reports: POSITION_REPORT_INTERVAL_MS (constants). */
export const POSITION_WATCH_OPTIONS = { enableHighAccuracy: true, maximumAge: POSITION_MAX_AGE_MS, timeout: POSITION_TIMEOUT_MS } as const;
/** A report whose device time is further ahead of the server's clock than this is refused. */
export const MAX_REPORT_CLOCK_SKEW_S = 300;
/** Fastest a school bus may be said to move (m/s, 300 km/h): above is a broken sensor, refused. */
export const MAX_REPORTED_SPEED = 83;
/** A bus whose last report is older than this shows a "stale" warning on the map. */
export const POSITION_STALE_AFTER_S = 120;
/** A running bus expected this many minutes or more after the planned time of its next stop is late: logged and told once per run. */
export const LATE_AFTER_MINUTES = 10;
/** Share links: shortest and longest life, in minutes. */
export const SHARE_MIN_MINUTES = 5;
export const SHARE_MAX_MINUTES = 24 * 60;
/** Approach alerts: the distance (m) or time (min) before the family's stop at which it fires. */
export const ALERT_METERS = { min: 100, max: 10_000 } as const;
export const ALERT_MINUTES = { min: 1, max: 60 } as const;

const nullableMeasure = (min: number, max: number) => z.number().min(min).max(max).nullable().default(null);

/**
 * Spec §3 Position report, as a tracker sends it. Browsers send null for what they cannot measure
 * (heading and speed while standing still). Extra fields are ignored.
 */
export const ZPositionReport = z
  .object({
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
    altitude: nullableMeasure(-500, 10_000),
    accuracy: nullableMeasure(0, 100_000),
    altitudeAccuracy: nullableMeasure(0, 100_000),
    heading: nullableMeasure(0, 360),
    speed: nullableMeasure(0, MAX_REPORTED_SPEED),
    timestamp: z.number().min(1_000_000_000).max(32_503_680_000).describe('Device time of the fix, epoch seconds'),
  })
  // 0,0 is in the Gulf of Guinea: what a GPS answers before it has a fix, never a bus.
  .refine((r) => r.latitude !== 0 || r.longitude !== 0, { message: 'Coordinates 0,0 are not a position', path: ['latitude'] });
export type PositionReport = z.infer<typeof ZPositionReport>;

/** A stored report as clients read it: the report plus when the server received it. */
export const ZGeoPosition = z.object({
  latitude: z.number(),
  longitude: z.number(),
  altitude: z.number().nullable(),
  accuracy: z.number().nullable(),
  altitudeAccuracy: z.number().nullable(),
  heading: z.number().nullable(),
  speed: z.number().nullable(),
  timestamp: z.number(),
  receivedAt: z.number().describe('Server time the report arrived, epoch seconds'),
});
export type GeoPosition = z.infer<typeof ZGeoPosition>;

/** Answer of POST geo/targets/{id}/position: stored; `live` is false for a report older than the last one (kept, not broadcast). */
export const ZPositionAccepted = z.object({ id: z.union([z.number(), z.string()]), live: z.boolean() });

export const ZStopEta = z.object({
  stopId: ZId,
  eta: z.number().int().describe('Expected arrival, epoch seconds'),
  meters: z.number().describe('Remaining distance along the route'),
});
export type StopEta = z.infer<typeof ZStopEta>;

export const ZPersonRef = z.object({ id: ZId, name: z.string() });

export const ZRouteStop = z.object({
  id: ZId,
  position: z.number().int(),
  name: z.string(),
  lat: z.number(),
  lng: z.number(),
  scheduledTime: z.string().nullable().describe("Planned time of day 'HH:MM' in the school's time zone"),
  /** Epoch seconds while a run is on and the stop is still ahead; null otherwise. */
  eta: z.number().int().nullable(),
  /** Metres left along the route to the stop, beside `eta`; null when `eta` is. */
  meters: z.number().nullable(),
  reached: z.boolean(),
  /** A stop where one of the caller's own children (or the caller) gets on or off. */
  mine: z.boolean(),
});
export type RouteStop = z.infer<typeof ZRouteStop>;

export const ZRouteRun = z.object({
  id: ZId,
  startedAt: z.number().int(),
  finishedAt: z.number().int().nullable(),
  startedBy: ZPersonRef.nullable(),
});
export type RouteRun = z.infer<typeof ZRouteRun>;

export const RIDER_STATES = ['waiting', 'boarded', 'dropped'] as const;
export const ZRouteRider = z.object({
  person: ZPersonRef,
  pickupStopId: ZId.nullable(),
  dropoffStopId: ZId.nullable(),
  /** On the current run (waiting when no run is on). */
  state: z.enum(RIDER_STATES),
});
export type RouteRider = z.infer<typeof ZRouteRider>;

/** GET transport/routes and transport/routes/{id}. Riders: all for staff, driver and monitor; a family sees its own. */
export const ZTransportRoute = z.object({
  id: ZId,
  name: z.string(),
  vehicle: z.string(),
  driver: ZPersonRef.nullable(),
  monitor: ZPersonRef.nullable(),
  targetId: ZId,
  stops: z.array(ZRouteStop),
  riders: z.array(ZRouteRider),
  run: ZRouteRun.nullable(),
  lastPosition: ZGeoPosition.nullable(),
  /** May start and finish runs and report positions (driver, monitor, staff). */
  canDrive: z.boolean(),
  /** May create share links (a rider's relative or staff). */
  canShare: z.boolean(),
  /** May set the route up (vehicle, crew, stops, riders): administrators. */
  canManage: z.boolean(),
});
export type TransportRoute = z.infer<typeof ZTransportRoute>;

export const ZRunStarted = z.object({ id: ZId });

export const ROUTE_LOG_KINDS = ['started', 'stop_reached', 'boarded', 'dropped', 'delayed', 'finished'] as const;
export type RouteLogKind = (typeof ROUTE_LOG_KINDS)[number];

export const ZRouteLogEntry = z.object({
  id: ZId,
  runId: ZId,
  kind: z.enum(ROUTE_LOG_KINDS),
  at: z.number().int(),
  stop: z.object({ id: ZId, name: z.string() }).nullable(),
  person: ZPersonRef.nullable(),
  actor: ZPersonRef.nullable(),
  minutes: z.number().int().nullable(),
});
export type RouteLogEntry = z.infer<typeof ZRouteLogEntry>;

/** POST transport/routes/{id}/runs/{runId}/events: the driver or monitor marks a rider, or a delay. */
export const ZRunEventInput = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('boarded'), personId: ZId, stopId: ZId.nullable().default(null) }),
  z.strictObject({ kind: z.literal('dropped'), personId: ZId, stopId: ZId.nullable().default(null) }),
  z.strictObject({ kind: z.literal('delayed'), minutes: z.number().int().min(1).max(240) }),
]);
export type RunEventInput = z.infer<typeof ZRunEventInput>;

export const ZGeoTarget = z.object({
  id: ZId,
  name: z.string(),
  routeId: ZId.nullable(),
  enabled: z.boolean(),
  lastPosition: ZGeoPosition.nullable(),
  /** The caller may report positions for it (its route's driver or monitor) while the route has a run on. */
  canReport: z.boolean(),
});
export type GeoTarget = z.infer<typeof ZGeoTarget>;

/** GET people/{me}/geo/feed: latest position of each target the caller may see. */
export const ZGeoFeedItem = z.object({
  target: z.object({ id: ZId, name: z.string(), routeId: ZId.nullable() }),
  position: ZGeoPosition.nullable(),
  running: z.boolean(),
});
export type GeoFeedItem = z.infer<typeof ZGeoFeedItem>;

export const ZShareInput = z.strictObject({ minutes: z.number().int().min(SHARE_MIN_MINUTES).max(SHARE_MAX_MINUTES) });
export const ZShareCreated = z.object({ url: z.string(), expiresAt: z.number().int() });

/** GET transport/shares/{token} (no sign-in): the read-only live view of a shared route; 410 share_expired after it expires. */
export const ZSharedRoute = z.object({
  routeId: ZId,
  name: z.string(),
  stops: z.array(ZRouteStop),
  running: z.boolean(),
  lastPosition: ZGeoPosition.nullable(),
  expiresAt: z.number().int(),
});
export type SharedRoute = z.infer<typeof ZSharedRoute>;

/** GET/PUT transport/routes/{id}/alerts: the caller's "approaching" alert (both null: off). */
export const ZApproachAlert = z
  .strictObject({
    stopId: ZId,
    meters: z.number().int().min(ALERT_METERS.min).max(ALERT_METERS.max).nullable(),
    minutes: z.number().int().min(ALERT_MINUTES.min).max(ALERT_MINUTES.max).nullable(),
  })
  .refine((a) => a.meters === null || a.minutes === null, { message: 'Choose a distance or a time, not both', path: ['minutes'] });
export type ApproachAlert = z.infer<typeof ZApproachAlert>;

/** Live topic of a route, as clients subscribe to it. */
export function routeTopicName(routeId: number): string {
  return `transport/routes/${routeId}`;
}
export const ROUTE_TOPIC_PATTERN = /^transport\/routes\/([1-9][0-9]{0,9})$/;
