import { useInfiniteQuery } from '@tanstack/react-query';
import type { PostRecipient } from '@patio/core/schemas/posts';
import { DEFAULT_PAGE_SIZE } from '@patio/core/constants';
import { isRefusal } from '../../app/api/ApiError';
import { useServices } from '../../app/services';

/** GET posts/{id}/recipients page after page (X-Total-Count), asked only while the list is open. */
export function useRecipients(postId: number, isOpen: boolean) {
  const { api } = useServices();
  return useInfiniteQuery({
    queryKey: ['threads', 'recipients', postId],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => api.getPage<PostRecipient>(`posts/${postId}/recipients`, { query: { page: pageParam, limit: DEFAULT_PAGE_SIZE }, signal }),
    getNextPageParam: (last, pages) =>
      pages.length < Math.ceil(last.total / DEFAULT_PAGE_SIZE) && last.items.length > 0 ? pages.length + 1 : undefined,
    enabled: isOpen,
    retry: (count, error) => count < 1 && !isRefusal(error),
  });
}
