import type { RouteRider, RouteStop } from '@patio/core/schemas/transport';

export interface StopRiders {
  stop: RouteStop;
  /** Riders who get on here. */
  boarding: RouteRider[];
  /** Riders who get off here. */
  leaving: RouteRider[];
}

/** The stops in order with who gets on and off at each, and the riders with no stop of this route. */
export function ridersByStop(stops: readonly RouteStop[], riders: readonly RouteRider[]): { stops: StopRiders[]; unplaced: RouteRider[] } {
  const known = new Set(stops.map((s) => s.id));
  return {
    stops: [...stops]
      .sort((a, b) => a.position - b.position)
      .map((stop) => ({
        stop,
        boarding: riders.filter((r) => r.pickupStopId === stop.id),
        leaving: riders.filter((r) => r.dropoffStopId === stop.id),
      })),
    unplaced: riders.filter((r) => !known.has(r.pickupStopId ?? -1) && !known.has(r.dropoffStopId ?? -1)),
  };
}
