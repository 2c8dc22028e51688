import { useQuery } from '@tanstack/react-query';
import type { TransportRoute } from '@patio/core/schemas/transport';
import type { ApiClient } from '../../app/api/apiClient';
import { isRefusal } from '../../app/api/ApiError';
import { useServices } from '../../app/services';
import { routeKey, routesKey } from './transportKeys';

/** The overview asks again this often while a bus is out (no live topic covers every route at once). */
export const ROUTES_REFRESH_MS = 10_000;
/** The most routes GET transport/routes answers at once (it is paged like every collection). */
export const ROUTES_PAGE_SIZE = 100;

/** Every route the caller sees, page after page (a school rarely has more than one page). */
async function fetchAllRoutes(api: ApiClient, signal: AbortSignal): Promise<TransportRoute[]> {
  const routes: TransportRoute[] = [];
  for (let page = 1; ; page++) {
    const { items, total } = await api.getPage<TransportRoute>('transport/routes', { query: { page, limit: ROUTES_PAGE_SIZE }, signal });
    routes.push(...items);
    if (items.length === 0 || routes.length >= total) return routes;
  }
}

/** GET transport/routes?page&limit: the routes the caller may see (staff all, a driver theirs, a family their children's). */
export function useTransportRoutes({ live = false, enabled = true }: { live?: boolean; enabled?: boolean } = {}) {
  const { api } = useServices();
  return useQuery({
    queryKey: routesKey(),
    queryFn: ({ signal }) => fetchAllRoutes(api, signal),
    enabled,
    refetchInterval: (query) => (live && query.state.data?.some(isRunning) ? ROUTES_REFRESH_MS : false),
    retry: (count, error) => count < 1 && !isRefusal(error),
  });
}

/** GET transport/routes/{id}: stops with ETAs, riders, the current run and the bus's last position. */
export function useTransportRoute(routeId: number | null) {
  const { api } = useServices();
  return useQuery({
    queryKey: routeKey(routeId ?? 0),
    queryFn: ({ signal }) => api.get<TransportRoute>(`transport/routes/${routeId}`, { signal }),
    enabled: routeId !== null,
    retry: (count, error) => count < 1 && !isRefusal(error),
  });
}

/** A route's path parameter as an id, or null when it is not one (a hand-typed address). */
export function routeIdOf(param: string | undefined): number | null {
  return param && /^[1-9][0-9]{0,9}$/.test(param) ? Number(param) : null;
}

/** Whether a route's bus is out now. */
export function isRunning(route: Pick<TransportRoute, 'run'>): boolean {
  return route.run !== null && route.run.finishedAt === null;
}
