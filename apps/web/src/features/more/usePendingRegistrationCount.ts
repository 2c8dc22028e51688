import { useQuery } from '@tanstack/react-query';
import { isRefusal } from '../../app/api/ApiError';
import { useServices } from '../../app/services';

/**
 * How many families wait for a decision (issue 8: the badge on More › Family registrations), from
 * the list's total (X-Total-Count, else its length). Under the registrations screen's key, so a
 * decision there refreshes it; fetched again whenever More opens.
 */
export function usePendingRegistrationCount(enabled: boolean) {
  const { api } = useServices();
  return useQuery({
    queryKey: ['registrations', 'pending', 'count'],
    queryFn: async () => (await api.getPage<unknown>('registrations', { query: { status: 'pending' } })).total,
    enabled,
    staleTime: 0,
    retry: (count, error) => count < 1 && !isRefusal(error),
  });
}
