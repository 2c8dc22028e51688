import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { RouteCrewInput, RouteRiderInput, RouteSetup, RouteSetupRider, RouteStopsInput } from '@patio/core/schemas/transport-setup';
import { isRefusal } from '../../../app/api/ApiError';
import { useServices } from '../../../app/services';
import { routeKey, routesKey } from '../transportKeys';

/** While a run is on, the screen asks again this often, so the stops open up once the bus is back. */
export const SETUP_REFRESH_WHILE_RUNNING_MS = 30_000;

/** A person as the setup names them: id and display name. */
export type PersonRef = RouteSetupRider['person'];

export const routeSetupKey = (routeId: number) => [...routeKey(routeId), 'setup'] as const;

/** GET transport/routes/{id}/setup: the route as an administrator edits it (403/404 for everyone else). */
export function useRouteSetup(routeId: number | null) {
  const { api } = useServices();
  return useQuery({
    queryKey: routeSetupKey(routeId ?? 0),
    queryFn: ({ signal }) => api.get<RouteSetup>(`transport/routes/${routeId}/setup`, { signal }),
    enabled: routeId !== null,
    refetchInterval: (query) => (query.state.data?.running ? SETUP_REFRESH_WHILE_RUNNING_MS : false),
    retry: (count, error) => count < 1 && !isRefusal(error),
  });
}

/**
 * Every change answers the whole setup: it becomes the screen's data at once, and what other screens
 * show of the route (its map, the list of routes) is asked again.
 */
function keepAnswer(queryClient: QueryClient, routeId: number, setup: RouteSetup): void {
  queryClient.setQueryData(routeSetupKey(routeId), setup);
  void queryClient.invalidateQueries({ queryKey: routeKey(routeId), predicate: (query) => query.queryKey[3] !== 'setup' });
  void queryClient.invalidateQueries({ queryKey: routesKey(), exact: true });
}

/** PUT transport/routes/{id}/crew: the vehicle, driver and monitor. */
export function useSaveCrew(routeId: number) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (crew: RouteCrewInput) => api.put<RouteSetup>(`transport/routes/${routeId}/crew`, crew),
    onSuccess: (setup) => keepAnswer(queryClient, routeId, setup),
  });
}

/** PUT transport/routes/{id}/stops: the whole list in driving order. */
export function useSaveStops(routeId: number) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RouteStopsInput) => api.put<RouteSetup>(`transport/routes/${routeId}/stops`, input),
    onSuccess: (setup) => keepAnswer(queryClient, routeId, setup),
  });
}

/** PUT transport/routes/{id}/riders/{personId}: where one rider gets on and off (adds the rider when new). */
export function useSaveRider(routeId: number) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ personId, stops }: { personId: number; stops: RouteRiderInput }) => api.put<RouteSetup>(`transport/routes/${routeId}/riders/${personId}`, stops),
    onSuccess: (setup) => keepAnswer(queryClient, routeId, setup),
  });
}

/** DELETE transport/routes/{id}/riders/{personId}: a rider leaves the route (a member of its group only loses the stops). */
export function useRemoveRider(routeId: number) {
  const { api } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (personId: number) => api.delete<RouteSetup>(`transport/routes/${routeId}/riders/${personId}`),
    onSuccess: (setup) => keepAnswer(queryClient, routeId, setup),
  });
}
