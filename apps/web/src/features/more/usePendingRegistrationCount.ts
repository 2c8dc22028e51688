import { useQuery } from '@tanstack/react-query';
import { isRefusal } from '../../app/api/ApiError';
import { useServices } from '../../app/services';

/**
 * How many families wait for a decision (issue 8: the badge on More › Family registrations): one
 * family asked for (`limit=1`), the count read from X-Total-Count, so a long queue costs one row.
 * Under the registrations screen's key, so a decision there refreshes it; fetched again whenever
 * More opens.
 */
export function usePendingRegistrationCount(enabled: boolean) {
  const { api } = useServices();
  return useQuery({
    queryKey: ['registrations', 'pending', 'count'],
    queryFn: async () => (await api.getPage<unknown>('registrations', { query: { status: 'pending', limit: 1 } })).total,
    enabled,
    staleTime: 0,
    retry: (count, error) => count < 1 && !isRefusal(error),
  });
}
