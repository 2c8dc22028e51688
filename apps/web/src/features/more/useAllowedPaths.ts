import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../app/services';

/**
 * POST allowed (spec §6): which of these paths the person may open, cached per path set.
 * Until the answer arrives (or if it fails) the result is null.
 */
export function useAllowedPaths(paths: string[]): Record<string, boolean> | null {
  const { api } = useServices();
  const query = useQuery({
    queryKey: ['allowed', ...paths],
    enabled: paths.length > 0,
    queryFn: () => api.post<Record<string, boolean>>('allowed', paths),
    staleTime: 10 * 60_000,
  });
  return query.data ?? null;
}
