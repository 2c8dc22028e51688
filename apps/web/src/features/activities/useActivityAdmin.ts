import { useQuery } from '@tanstack/react-query';
import type { TransportRoute } from '@patio/core/schemas/transport';
import { isRefusal } from '../../app/api/ApiError';
import { useServices } from '../../app/services';

const noRetryOnRefusal = (count: number, error: unknown) => count < 1 && !isRefusal(error);

/** The most routes the form offers: a school has a handful; one page of GET transport/routes holds them. */
const ROUTES_LIMIT = 100;

/** GET transport/routes: the bus routes an activity may name (id and name only). */
export function useRouteChoices() {
  const { api } = useServices();
  return useQuery({
    queryKey: ['activities', 'route-choices'],
    queryFn: async ({ signal }) => (await api.getPage<TransportRoute>('transport/routes', { query: { page: 1, limit: ROUTES_LIMIT }, signal })).items.map(({ id, name }) => ({ id, name })),
    retry: noRetryOnRefusal,
    staleTime: 60_000,
  });
}

/** GET billing/settings: the school's currency, which a new activity's price is typed in. */
export function useSchoolCurrency() {
  const { api } = useServices();
  return useQuery({
    queryKey: ['activities', 'currency'],
    queryFn: async ({ signal }) => (await api.get<{ currency: string }>('billing/settings', { signal })).currency,
    retry: noRetryOnRefusal,
    staleTime: 5 * 60_000,
  });
}
