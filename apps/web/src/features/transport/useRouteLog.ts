import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { RouteLogEntry, TransportRoute } from '@patio/core/schemas/transport';
import { DEFAULT_PAGE_SIZE } from '@patio/core/constants';
import { isRefusal } from '../../app/api/ApiError';
import { useServices } from '../../app/services';
import { routeLogKey } from './transportKeys';

const newestFirst = (a: RouteLogEntry, b: RouteLogEntry) => b.at - a.at || Number(b.id) - Number(a.id);

/** GET transport/routes/{id}/log?page&limit: the route's log, newest first, page after page (X-Total-Count). */
export function useRouteLog(routeId: number | null) {
  const { api } = useServices();
  return useInfiniteQuery({
    queryKey: [...routeLogKey(routeId ?? 0), 'pages'],
    initialPageParam: 1,
    enabled: routeId !== null,
    queryFn: async ({ pageParam, signal }) => {
      const page = await api.getPage<RouteLogEntry>(`transport/routes/${routeId}/log`, { query: { page: pageParam, limit: DEFAULT_PAGE_SIZE }, signal });
      return { ...page, items: [...page.items].sort(newestFirst) };
    },
    getNextPageParam: (last, pages) => (pages.length < Math.ceil(last.total / DEFAULT_PAGE_SIZE) && last.items.length > 0 ? pages.length + 1 : undefined),
    retry: (count, error) => count < 1 && !isRefusal(error),
  });
}

/**
 * The delay the driver announced last on the current run (the newest 'delayed' entry of the log's
 * first page), or null. A family that may not read the log simply sees no notice.
 */
export function useLatestDelay(route: TransportRoute | undefined): RouteLogEntry | null {
  const { api } = useServices();
  const runId = route?.run && route.run.finishedAt === null ? route.run.id : null;
  const query = useQuery({
    queryKey: [...routeLogKey(route?.id ?? 0), 'latest'],
    queryFn: ({ signal }) => api.getPage<RouteLogEntry>(`transport/routes/${route!.id}/log`, { query: { page: 1, limit: DEFAULT_PAGE_SIZE }, signal }),
    enabled: runId !== null,
    retry: false,
  });
  if (runId === null || !query.data) return null;
  return [...query.data.items].sort(newestFirst).find((entry) => entry.kind === 'delayed' && entry.runId === runId) ?? null;
}
