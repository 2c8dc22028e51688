import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SignedInSession, SignOutEverywhereResult } from '@patio/core/schemas/sessions';
import { useServices } from '../../app/services';

const key = ['sessions'] as const;

/**
 * GET sessions, DELETE sessions/{id} and POST sessions/sign-out-everywhere: the person's signed-in
 * devices, signing one out, and signing out every other one (`keepCurrent`) or all of them.
 */
export function useSignedInSessions(enabled: boolean) {
  const { api } = useServices();
  const client = useQueryClient();
  const query = useQuery({ queryKey: key, queryFn: () => api.get<SignedInSession[]>('sessions'), enabled });
  const revoke = useMutation({
    mutationFn: (session: SignedInSession) => api.delete(`sessions/${session.id}`),
    onSuccess: (_answer, session) => client.setQueryData<SignedInSession[]>(key, (old) => old?.filter((s) => s.id !== session.id)),
  });
  const signOutEverywhere = useMutation({
    mutationFn: (keepCurrent: boolean) => api.post<SignOutEverywhereResult>('sessions/sign-out-everywhere', { keepCurrent }),
    onSuccess: (result) => {
      if (result.keptCurrent) client.setQueryData<SignedInSession[]>(key, (old) => old?.filter((s) => s.current));
    },
  });
  return { query, revoke, signOutEverywhere };
}
