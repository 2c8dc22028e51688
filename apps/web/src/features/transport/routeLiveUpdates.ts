import type { QueryClient } from '@tanstack/react-query';
import type { LiveServerMessage } from '@patio/core/schemas/live';
import type { TransportRoute } from '@patio/core/schemas/transport';
import { routeKey, routeLogKey } from './transportKeys';

/** The messages of a route's live topic (`transport/routes/{id}`). */
export type RouteLiveMessage = Extract<LiveServerMessage, { type: 'position' | 'route.event' }>;
type PositionMessage = Extract<RouteLiveMessage, { type: 'position' }>;

/** A route with a new bus position: the ETAs of the stops still ahead come with it; the others have none. */
export function withPosition(route: TransportRoute, message: Pick<PositionMessage, 'position' | 'etas'>): TransportRoute {
  const etaOf = new Map(message.etas.map((e) => [e.stopId, e]));
  return {
    ...route,
    lastPosition: message.position,
    stops: route.stops.map((stop) => {
      const eta = etaOf.get(stop.id);
      return { ...stop, eta: eta?.eta ?? null, meters: eta === undefined ? null : Math.round(eta.meters) };
    }),
  };
}

/**
 * Applies one live message to the cache: a position moves the bus and its ETAs at once (no request);
 * an event (run started, stop reached, delayed, finished, a rider marked) fetches the route and its log again.
 */
export function applyRouteMessage(queryClient: QueryClient, routeId: number, message: RouteLiveMessage): void {
  if (message.route !== routeId) return;
  if (message.type === 'position') {
    queryClient.setQueryData<TransportRoute>(routeKey(routeId), (route) => (route ? withPosition(route, message) : route));
    return;
  }
  void queryClient.invalidateQueries({ queryKey: routeKey(routeId), exact: true });
  void queryClient.invalidateQueries({ queryKey: routeLogKey(routeId) });
}
