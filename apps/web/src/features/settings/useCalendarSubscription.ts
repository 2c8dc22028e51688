import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarSubscription } from '@patio/core/schemas/calendar';
import { isRefusal } from '../../app/api/ApiError';
import { useServices } from '../../app/services';

const keyOf = (me: number | null) => ['calendar', 'subscription', me] as const;
const NONE: CalendarSubscription = { url: null, createdAt: null };

/**
 * The person's private calendar address (GET people/{me}/calendar/subscription), with create-or-reset
 * (POST: a new secret, the old address stops working) and turn-off (DELETE).
 */
export function useCalendarSubscription(me: number | null) {
  const { api } = useServices();
  const client = useQueryClient();
  const key = keyOf(me);
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get<CalendarSubscription>(`people/${me}/calendar/subscription`, { signal }),
    enabled: me !== null,
    retry: (count, error) => count < 1 && !isRefusal(error),
  });
  const create = useMutation({
    mutationFn: () => api.post<CalendarSubscription>(`people/${me}/calendar/subscription`),
    onSuccess: (answer) => client.setQueryData(key, answer),
  });
  const revoke = useMutation({
    mutationFn: () => api.delete(`people/${me}/calendar/subscription`),
    onSuccess: () => client.setQueryData(key, NONE),
  });
  return { query, create, revoke };
}
