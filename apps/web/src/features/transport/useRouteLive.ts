import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { routeTopicName } from '@patio/core/schemas/transport';
import { useLiveTopic } from '../../app/live/useLiveTopic';
import { applyRouteMessage } from './routeLiveUpdates';
import { routeKey, routeLogKey } from './transportKeys';

/** Without a live message for this long, the route is fetched again (and every this long after). */
export const ROUTE_FALLBACK_REFRESH_MS = 10_000;

/**
 * Keeps a route's bus, ETAs and run state current on screen: the deck's live connection carries the
 * route's topic (`transport/routes/{id}`): positions move the bus at once, events refetch the route.
 * Whenever no live message came for 10 s (no connection, a refused topic, a parked bus), the route
 * is fetched again instead.
 */
export function useRouteLive(routeId: number | null): void {
  const queryClient = useQueryClient();
  // When the route was last known fresh: a live message, or the fallback's own refetch.
  const freshAt = useRef(0);

  useLiveTopic(
    routeId === null ? null : routeTopicName(routeId),
    (message) => {
      if (routeId === null) return;
      freshAt.current = Date.now();
      applyRouteMessage(queryClient, routeId, message);
    },
    {
      // Followed again after a reconnect: whatever happened meanwhile was missed.
      onSubscribed: () => {
        if (routeId === null) return;
        freshAt.current = Date.now();
        void queryClient.invalidateQueries({ queryKey: routeKey(routeId), exact: true });
        void queryClient.invalidateQueries({ queryKey: routeLogKey(routeId) });
      },
    },
  );

  useEffect(() => {
    if (routeId === null) return undefined;
    // The route was just fetched by the screen.
    freshAt.current = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - freshAt.current < ROUTE_FALLBACK_REFRESH_MS) return;
      freshAt.current = Date.now();
      void queryClient.invalidateQueries({ queryKey: routeKey(routeId), exact: true });
    }, ROUTE_FALLBACK_REFRESH_MS / 5);
    return () => clearInterval(timer);
  }, [queryClient, routeId]);
}
