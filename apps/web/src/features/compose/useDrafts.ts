import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Draft } from '@patio/core/schemas/posts';
import { isRefusal } from '../../app/api/ApiError';
import { useServices } from '../../app/services';

/** Drafts live with the other posts under ['threads'], so the live client's refresh reaches them too. */
export const DRAFTS_KEY = ['threads', 'drafts'] as const;
const noRetryOnRefusal = (count: number, error: unknown) => count < 1 && !isRefusal(error);

/** GET people/{me}/posts/drafts: the author's drafts, last saved first. */
export function useDrafts(me: number | null, enabled = true) {
  const { api } = useServices();
  return useQuery({
    queryKey: [...DRAFTS_KEY, 'list', me],
    queryFn: ({ signal }) => api.getPage<Draft>(`people/${me}/posts/drafts`, { query: { limit: 100 }, signal }),
    enabled: enabled && me !== null,
    retry: noRetryOnRefusal,
  });
}

/** GET people/{me}/posts/drafts/{id}: one draft to reopen, whole. */
export function useDraft(me: number | null, draftId: number | null) {
  const { api } = useServices();
  return useQuery({
    queryKey: [...DRAFTS_KEY, 'one', draftId],
    queryFn: ({ signal }) => api.get<Draft>(`people/${me}/posts/drafts/${draftId}`, { signal }),
    enabled: me !== null && draftId !== null,
    // A reopened draft is read once: the editor owns it from then on.
    staleTime: Infinity,
    gcTime: 0,
    retry: noRetryOnRefusal,
  });
}

/** Refreshes the drafts list after a save, a discard or a publish. */
export function useRefreshDrafts(): () => Promise<void> {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: [...DRAFTS_KEY, 'list'] });
}
