import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Invitation, InvitationCounts, InvitationStatus, SendInvitationsResult } from '@patio/core/schemas/invitations';
import { isRefusal } from '../../app/api/ApiError';
import { useAllowedPaths } from '../../app/access/useAllowedPaths';
import { useServices } from '../../app/services';

/** People per request. */
export const INVITATIONS_PAGE_SIZE = 20;

const KEY = ['invitations'] as const;
const noRetryOnRefusal = (count: number, error: unknown) => count < 1 && !isRefusal(error);

/** Whether the signed-in person may invite (school administrators; POST allowed, spec §6). Null while asking. */
export function useCanInvite(): boolean | null {
  const allowed = useAllowedPaths(['POST invitations']);
  return allowed ? allowed['POST invitations'] === true : null;
}

/** GET invitations/counts?node=: how many people of the group (or the school) stand at each status. */
export function useInvitationCounts(nodeId: number | undefined, enabled = true) {
  const { api } = useServices();
  return useQuery({
    queryKey: [...KEY, 'counts', nodeId ?? null],
    queryFn: ({ signal }) => api.get<InvitationCounts>(nodeId ? `invitations/counts?node=${nodeId}` : 'invitations/counts', { signal }),
    enabled,
    retry: noRetryOnRefusal,
  });
}

/** GET invitations?node=&status=&page=&limit=: the people and their invitation, page after page (X-Total-Count). */
export function useInvitationList(nodeId: number | undefined, status: InvitationStatus | null, enabled = true) {
  const { api } = useServices();
  return useInfiniteQuery({
    queryKey: [...KEY, 'list', nodeId ?? null, status],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.getPage<Invitation>('invitations', { query: { node: nodeId, status: status ?? undefined, page: pageParam, limit: INVITATIONS_PAGE_SIZE }, signal }),
    getNextPageParam: (last, pages) => (pages.length < Math.ceil(last.total / INVITATIONS_PAGE_SIZE) && last.items.length > 0 ? pages.length + 1 : undefined),
    enabled,
    retry: noRetryOnRefusal,
  });
}

/** GET invitations/{personId}: one person's invitation. */
export function useInvitation(personId: number, enabled = true) {
  const { api } = useServices();
  return useQuery({
    queryKey: [...KEY, 'person', personId],
    queryFn: ({ signal }) => api.get<Invitation>(`invitations/${personId}`, { signal }),
    enabled,
    retry: noRetryOnRefusal,
  });
}

/** POST invitations {nodeId}: the families of a group at once. Every list and count is fetched again afterwards. */
export function useInviteGroup() {
  const { api } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (nodeId: number) => api.post<SendInvitationsResult>('invitations', { nodeId }),
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** POST invitations/{personId}: one person's invitation, sent or sent again. */
export function useInvitePerson() {
  const { api } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (personId: number) => api.post<Invitation>(`invitations/${personId}`),
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
