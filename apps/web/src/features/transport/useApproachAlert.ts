import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApproachAlert } from '@patio/core/schemas/transport';
import { ApiError, isRefusal } from '../../app/api/ApiError';
import { useServices } from '../../app/services';
import { routeAlertKey } from './transportKeys';

/** GET transport/routes/{id}/alerts: the caller's own alert; null when they never set one (404). */
export function useApproachAlert(routeId: number) {
  const { api } = useServices();
  return useQuery({
    queryKey: routeAlertKey(routeId),
    queryFn: ({ signal }) =>
      api.get<ApproachAlert>(`transport/routes/${routeId}/alerts`, { signal }).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }),
    retry: (count, error) => count < 1 && !isRefusal(error),
  });
}

/** PUT transport/routes/{id}/alerts (both meters and minutes null: off). */
export function useSaveApproachAlert(routeId: number) {
  const { api } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (alert: ApproachAlert) => api.put<ApproachAlert>(`transport/routes/${routeId}/alerts`, alert),
    onSuccess: (saved, sent) => client.setQueryData(routeAlertKey(routeId), saved ?? sent),
  });
}
