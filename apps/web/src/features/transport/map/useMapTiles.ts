import { useQuery } from '@tanstack/react-query';
import type { Settings } from '@patio/core/schemas/org';
import { useServices, useSessionState } from '../../../app/services';
import { mapTilesOf, type MapTiles } from './mapTiles';

/**
 * The school's tile layer inside the deck: from the settings kept in the session, else GET
 * vue/settings (the cache entry other screens share); the built-in tiles until then or if it fails.
 */
export function useMapTiles(): MapTiles {
  const { api } = useServices();
  const kept = useSessionState((s) => s.settings);
  const hasKept = Boolean((kept as { mapTiles?: unknown } | null)?.mapTiles);
  const query = useQuery({
    queryKey: ['settings', 'public'],
    queryFn: ({ signal }) => api.get<Settings>('vue/settings', { signal }),
    staleTime: Infinity,
    retry: false,
    enabled: !hasKept,
  });
  return mapTilesOf(hasKept ? kept : query.data);
}
