import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { AddressedPost, PersonOverview } from '@patio/core/schemas/personTab';
import type { ThreadSummary } from '@patio/core/schemas/posts';
import { isRefusal } from '../../../app/api/ApiError';
import { useServices } from '../../../app/services';

const noRetryOnRefusal = (count: number, error: unknown) => count < 1 && !isRefusal(error);

/** Posts per "Ver más". */
export const PERSON_POSTS_PAGE = 20;
/** Threads per "Ver más" of the messages with a person. */
export const PERSON_THREADS_PAGE = 20;

const nextPage = (limit: number) => (last: { items: unknown[]; total: number }, pages: unknown[]) =>
  pages.length < Math.ceil(last.total / limit) && last.items.length > 0 ? pages.length + 1 : undefined;

/** GET people/{id}/overview: the person's key facts, each null where the viewer may not see it. */
export function usePersonOverview(personId: number) {
  const { api } = useServices();
  return useQuery({
    queryKey: ['person', personId, 'overview'],
    queryFn: ({ signal }) => api.get<PersonOverview>(`people/${personId}/overview`, { signal }),
    enabled: Number.isFinite(personId),
    retry: noRetryOnRefusal,
  });
}

export type PersonPostList = 'announcements' | 'highlights';

/** GET people/{id}/addressed?list=&page=&limit=: the posts addressed to the person that the viewer may read too. */
export function useAddressedPosts(personId: number, list: PersonPostList) {
  const { api } = useServices();
  return useInfiniteQuery({
    queryKey: ['person', personId, 'addressed', list],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.getPage<AddressedPost>(`people/${personId}/addressed`, { query: { list, page: pageParam, limit: PERSON_POSTS_PAGE }, signal }),
    getNextPageParam: nextPage(PERSON_POSTS_PAGE),
    enabled: Number.isFinite(personId),
    retry: noRetryOnRefusal,
  });
}

/**
 * GET people/{me}/threads/feed?with={personId}: the viewer's own threads that person takes part in.
 * Kept under ['threads', …] so the live connection refreshes it with the inbox.
 */
export function useThreadsWith(me: number | null, personId: number) {
  const { api } = useServices();
  return useInfiniteQuery({
    queryKey: ['threads', 'with', personId],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.getPage<ThreadSummary>(`people/${me}/threads/feed`, { query: { with: personId, page: pageParam, limit: PERSON_THREADS_PAGE }, signal }),
    getNextPageParam: nextPage(PERSON_THREADS_PAGE),
    enabled: me !== null && Number.isFinite(personId),
    retry: noRetryOnRefusal,
  });
}
