import { z } from 'zod';
import { ZId } from './ids';
import { ZTimeOfDay } from './notifications';
import { ZPersonRef } from './transport';

// Route setup (issue 13): what an administrator gives a route node so that it can run — its vehicle
// and crew, its ordered stops and where each rider gets on and off. The route itself is a node of a
// route type, created like any other node (POST nodes).

/** Most stops on one route. */
export const MAX_ROUTE_STOPS = 100;

/** PUT transport/routes/{id}/crew: the vehicle's label and who drives and monitors it (null: nobody). */
export const ZRouteCrewInput = z.strictObject({
  vehicle: z.string().trim().max(60),
  driverId: ZId.nullable(),
  monitorId: ZId.nullable(),
});
export type RouteCrewInput = z.infer<typeof ZRouteCrewInput>;

/** One stop as the setup screen sends it: `id` of a stop kept (renamed or moved), null for a new one. */
export const ZRouteStopInput = z.strictObject({
  id: ZId.nullable(),
  name: z.string().trim().min(1).max(120),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  scheduledTime: ZTimeOfDay.nullable(),
});
export type RouteStopInput = z.infer<typeof ZRouteStopInput>;

/**
 * PUT transport/routes/{id}/stops: the route's whole stop list in driving order. Stops left out are
 * removed (refused while a rider gets on or off there); not while a run is on.
 */
export const ZRouteStopsInput = z.strictObject({
  stops: z.array(ZRouteStopInput).max(MAX_ROUTE_STOPS),
});
export type RouteStopsInput = z.infer<typeof ZRouteStopsInput>;

/** PUT transport/routes/{id}/riders/{personId}: where the rider gets on and off (null: not set). */
export const ZRouteRiderInput = z.strictObject({
  pickupStopId: ZId.nullable(),
  dropoffStopId: ZId.nullable(),
});
export type RouteRiderInput = z.infer<typeof ZRouteRiderInput>;

/** A rider as the setup screen lists it. `member`: a current student of the route node (rides whatever the row says). */
export const ZRouteSetupRider = z.object({
  person: ZPersonRef,
  pickupStopId: ZId.nullable(),
  dropoffStopId: ZId.nullable(),
  member: z.boolean(),
});
export type RouteSetupRider = z.infer<typeof ZRouteSetupRider>;

/** GET transport/routes/{id}/setup, and the answer of the three PUTs: the route as an administrator edits it. */
export const ZRouteSetup = z.object({
  id: ZId,
  name: z.string(),
  vehicle: z.string(),
  driver: ZPersonRef.nullable(),
  monitor: ZPersonRef.nullable(),
  stops: z.array(
    z.object({
      id: ZId,
      position: z.number().int(),
      name: z.string(),
      lat: z.number(),
      lng: z.number(),
      scheduledTime: z.string().nullable(),
      /** Riders who get on or off here (a stop with any cannot be removed). */
      riders: z.number().int(),
    }),
  ),
  riders: z.array(ZRouteSetupRider),
  /** A run is on: stops cannot change until it finishes. */
  running: z.boolean(),
});
export type RouteSetup = z.infer<typeof ZRouteSetup>;
