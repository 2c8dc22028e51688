import type { GeoPosition, RouteStop } from '@patio/core/schemas/transport';
import type { MapBus, MapLine, MapStop } from './map/TransportMap';

/** A route's stops as map circles. */
export function mapStopsOf(stops: readonly RouteStop[]): MapStop[] {
  return stops.map((s) => ({ id: s.id, name: s.name, lat: s.lat, lng: s.lng, mine: s.mine, reached: s.reached }));
}

/** A route's line: its stops in order. */
export function mapLineOf(routeId: number, stops: readonly RouteStop[]): MapLine {
  return { id: routeId, points: [...stops].sort((a, b) => a.position - b.position).map((s) => [s.lat, s.lng]) };
}

/** The bus at its last position, if it has one. */
export function mapBusesOf(id: number, position: GeoPosition | null, label: string, isStale: boolean): MapBus[] {
  return position ? [{ id, lat: position.latitude, lng: position.longitude, label, isStale }] : [];
}
