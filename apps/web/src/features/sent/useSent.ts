import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { SentPost, Stub, StubCounts } from '@patio/core/schemas/posts';
import { isRefusal } from '../../app/api/ApiError';
import type { Page } from '../../app/api/apiClient';
import { useServices } from '../../app/services';

export const SENT_PAGE_SIZE = 20;
export const STUBS_PAGE_SIZE = 50;
export type StubStatus = 'any' | 'read' | 'unread';

const noRetryOnRefusal = (count: number, error: unknown) => count < 1 && !isRefusal(error);
/** Spec §7 paging: more pages while page < total / limit. */
const nextPage = (size: number) => (last: Page<unknown>, pages: Page<unknown>[]) =>
  pages.length < Math.ceil(last.total / size) && last.items.length > 0 ? pages.length + 1 : undefined;

/** GET people/{me}/posts/sent: the author's posts, newest first, with their read receipts. */
export function useSentPosts(me: number | null) {
  const { api } = useServices();
  return useInfiniteQuery({
    queryKey: ['threads', 'sent', 'list', me],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => api.getPage<SentPost>(`people/${me}/posts/sent`, { query: { page: pageParam, limit: SENT_PAGE_SIZE }, signal }),
    getNextPageParam: nextPage(SENT_PAGE_SIZE),
    enabled: me !== null,
    retry: noRetryOnRefusal,
  });
}

/** GET posts/{id}/stubs?status=&q=: who received the post and whether they read it (author and administrators). */
export function useStubs(postId: number, status: StubStatus, q: string) {
  const { api } = useServices();
  return useInfiniteQuery({
    queryKey: ['threads', 'sent', postId, 'stubs', status, q],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => api.getPage<Stub>(`posts/${postId}/stubs`, { query: { status, q, page: pageParam, limit: STUBS_PAGE_SIZE }, signal }),
    getNextPageParam: nextPage(STUBS_PAGE_SIZE),
    retry: noRetryOnRefusal,
  });
}

/** GET posts/{id}/stubs/counts: how many received it, read it and have not yet. */
export function useStubCounts(postId: number) {
  const { api } = useServices();
  return useQuery({
    queryKey: ['threads', 'sent', postId, 'counts'],
    queryFn: ({ signal }) => api.get<StubCounts>(`posts/${postId}/stubs/counts`, { signal }),
    retry: noRetryOnRefusal,
  });
}
