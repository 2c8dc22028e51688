import { useQuery } from '@tanstack/react-query';
import type { Post } from '@patio/core/schemas/posts';
import { isRefusal } from '../../app/api/ApiError';
import { useServices } from '../../app/services';

/** GET posts/{id} under the threads key the live client refreshes. */
export function usePost(postId: number | null) {
  const { api } = useServices();
  return useQuery({
    queryKey: ['threads', 'post', postId],
    queryFn: ({ signal }) => api.get<Post>(`posts/${postId}`, { signal }),
    enabled: postId !== null && Number.isFinite(postId),
    retry: (count, error) => count < 1 && !isRefusal(error),
  });
}
