import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouteLogEntry, RunEventInput } from '@patio/core/schemas/transport';
import { useServices } from '../../app/services';
import { routeKey, routeLogKey, routesKey } from './transportKeys';

/** After any change to a run, the route, its log and the overview are fetched again (the server decides the states). */
function useRefreshRoute(routeId: number) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: routeKey(routeId), exact: true }),
      client.invalidateQueries({ queryKey: routeLogKey(routeId) }),
      client.invalidateQueries({ queryKey: routesKey(), exact: true }),
    ]);
}

/** POST transport/routes/{id}/runs: starts a run (409 run_in_progress when one is on already). */
export function useStartRun(routeId: number) {
  const { api } = useServices();
  const refresh = useRefreshRoute(routeId);
  return useMutation({
    mutationFn: () => api.post<{ id: number }>(`transport/routes/${routeId}/runs`),
    onSettled: refresh,
  });
}

/** POST transport/routes/{id}/runs/{runId}/finish. */
export function useFinishRun(routeId: number) {
  const { api } = useServices();
  const refresh = useRefreshRoute(routeId);
  return useMutation({
    mutationFn: (runId: number) => api.post(`transport/routes/${routeId}/runs/${runId}/finish`),
    onSettled: refresh,
  });
}

/** POST transport/routes/{id}/runs/{runId}/events: a rider boarded or was dropped, or the bus is late. */
export function useRunEvent(routeId: number) {
  const { api } = useServices();
  const refresh = useRefreshRoute(routeId);
  return useMutation({
    mutationFn: ({ runId, event }: { runId: number; event: RunEventInput }) => api.post<RouteLogEntry>(`transport/routes/${routeId}/runs/${runId}/events`, event),
    onSettled: refresh,
  });
}
