import { useInfiniteQuery } from '@tanstack/react-query';
import type { NodePost } from '@patio/core/schemas/classroom';
import type { PostTypeKey } from '@patio/core/schemas/posts';
import { isRefusal } from '../../app/api/ApiError';
import { useServices } from '../../app/services';
import { TEACHING_KEY } from './useTeaching';

export const NODE_POSTS_PAGE = 20;

/** GET nodes/{id}/posts?type=: the posts addressed to a node, newest first, a page at a time (`before` the last id). */
export function useNodePosts(nodeId: number, type: PostTypeKey | null) {
  const { api } = useServices();
  return useInfiniteQuery({
    queryKey: [...TEACHING_KEY, 'nodePosts', nodeId, type],
    initialPageParam: null as number | null,
    queryFn: async ({ pageParam, signal }) => (await api.getPage<NodePost>(`nodes/${nodeId}/posts`, { query: { type, limit: NODE_POSTS_PAGE, before: pageParam }, signal })).items,
    getNextPageParam: (last) => (last.length < NODE_POSTS_PAGE ? undefined : (last.at(-1)?.id ?? undefined)),
    enabled: type !== null,
    retry: (count, error) => count < 1 && !isRefusal(error),
  });
}
