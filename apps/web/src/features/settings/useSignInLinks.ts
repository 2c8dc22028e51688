import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SignInLink } from '@patio/core/schemas/singleSignOn';
import { useServices } from '../../app/services';

const keyOf = (personId: number) => ['people', personId, 'sign-in-links'] as const;

/** GET people/{id}/sign-in-links and DELETE people/{id}/sign-in-links/{linkId}: the person's Google, Office 365 and Apple accounts. */
export function useSignInLinks(personId: number | null) {
  const { api } = useServices();
  const client = useQueryClient();
  const query = useQuery({
    queryKey: keyOf(personId ?? 0),
    queryFn: () => api.get<SignInLink[]>(`people/${personId}/sign-in-links`),
    enabled: personId !== null,
  });
  const remove = useMutation({
    mutationFn: (link: SignInLink) => api.delete(`people/${personId}/sign-in-links/${link.id}`),
    onSuccess: (_answer, link) => client.setQueryData<SignInLink[]>(keyOf(personId ?? 0), (old) => old?.filter((l) => l.id !== link.id)),
  });
  return { query, remove };
}
