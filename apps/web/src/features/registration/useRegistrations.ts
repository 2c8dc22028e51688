import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Registration } from '@patio/core/schemas/registration';
import { useServices } from '../../app/services';
import { isRefusal } from '../../app/api/ApiError';

/** A pending family as the list shows it: the parent, their children and relatives, with documents and matches. */
export type PendingRegistration = Registration;

/** A person already in the school whom a registered parent, child or relative matches (same document). */
export type SchoolMatch = NonNullable<Registration['match']>;

export type Decision = 'approve' | 'reject';

/** How an approval treats the people of the school the form matches (decision 023). */
export type LinkMode = 'none' | 'confirm' | 'decide';

/** Where linking a registration stands: the choices open now, a confirmation sent, a decision made. */
export type Linking = NonNullable<Registration['linking']>;

const PENDING_KEY = ['registrations', 'pending'] as const;

/** GET registrations?status=pending: families waiting for an administrator (403 for everyone else). */
export function usePendingRegistrations() {
  const { api } = useServices();
  return useQuery({
    queryKey: PENDING_KEY,
    queryFn: () => api.get<PendingRegistration[]>('registrations?status=pending'),
    retry: (count, error) => count < 1 && !isRefusal(error),
  });
}

/**
 * POST registrations/{personId}/approve|reject. Not optimistic: the list is fetched again after every
 * decision, also a refused one (409: another administrator decided first), so it always shows the truth.
 */
export function useDecideRegistration() {
  const { api } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ personId, decision, link, reason }: { personId: number; decision: Decision; name: string; link?: LinkMode; reason?: string }) =>
      api.post<Registration>(`registrations/${personId}/${decision}`, decision === 'approve' && link ? { link, ...(reason !== undefined ? { reason } : {}) } : undefined),
    onSettled: async (_data, _error, { personId }) => {
      await client.invalidateQueries({ queryKey: PENDING_KEY });
      // The family's profile now shows its children's new enrollment status.
      await client.invalidateQueries({ queryKey: ['person', personId] });
    },
  });
}
