import { useInfiniteQuery } from '@tanstack/react-query';
import type { Post } from '@patio/core/schemas/posts';
import { DEFAULT_PAGE_SIZE } from '@patio/core/constants';
import { isRefusal } from '../../app/api/ApiError';
import { useServices } from '../../app/services';

/** GET people/{me}/highlights: the highlighted posts addressed to the caller, newest first, page after page. */
export function useHighlights(personId: number | null) {
  const { api } = useServices();
  return useInfiniteQuery({
    queryKey: ['threads', 'highlights'],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => api.getPage<Post>(`people/${personId}/highlights`, { query: { page: pageParam, limit: DEFAULT_PAGE_SIZE }, signal }),
    getNextPageParam: (last, pages) => (pages.length < Math.ceil(last.total / DEFAULT_PAGE_SIZE) && last.items.length > 0 ? pages.length + 1 : undefined),
    enabled: personId !== null,
    retry: (count, error) => count < 1 && !isRefusal(error),
  });
}
