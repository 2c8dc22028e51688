import { useQuery } from '@tanstack/react-query';
import type { GeoFeedItem, GeoTarget } from '@patio/core/schemas/transport';
import { isRefusal } from '../../app/api/ApiError';
import { useServices } from '../../app/services';

/** The GPS feed and the target list are asked again this often (issue 13: /geo/feed polls every 10 s). */
export const GEO_REFRESH_MS = 10_000;

export const geoTargetsKey = () => ['geo', 'targets'] as const;
export const geoTargetKey = (targetId: number) => ['geo', 'targets', targetId] as const;

/** GET geo/targets: the trackers the caller may see. */
export function useGeoTargets() {
  const { api } = useServices();
  return useQuery({
    queryKey: geoTargetsKey(),
    queryFn: ({ signal }) => api.get<GeoTarget[]>('geo/targets', { signal }),
    refetchInterval: GEO_REFRESH_MS,
    retry: (count, error) => count < 1 && !isRefusal(error),
  });
}

/** GET geo/targets/{id}. */
export function useGeoTarget(targetId: number | null) {
  const { api } = useServices();
  return useQuery({
    queryKey: geoTargetKey(targetId ?? 0),
    queryFn: ({ signal }) => api.get<GeoTarget>(`geo/targets/${targetId}`, { signal }),
    enabled: targetId !== null,
    retry: (count, error) => count < 1 && !isRefusal(error),
  });
}

/** GET people/{me}/geo/feed: the latest position of every target the caller may see, every 10 s. */
export function useGeoFeed(personId: number | null) {
  const { api } = useServices();
  return useQuery({
    queryKey: ['geo', 'feed', personId],
    queryFn: ({ signal }) => api.get<GeoFeedItem[]>(`people/${personId}/geo/feed`, { signal }),
    enabled: personId !== null,
    refetchInterval: GEO_REFRESH_MS,
    retry: (count, error) => count < 1 && !isRefusal(error),
  });
}
