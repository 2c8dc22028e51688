import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PostType, PostTypeKey, PostTypeUpdate } from '@patio/core/schemas/posts';
import { isRefusal } from '../../app/api/ApiError';
import { useServices } from '../../app/services';
import { POST_TYPES_KEY } from '../posts';

/** GET post-types as the server sends it (all 18 with the names in six languages), shared with the post cards. */
export function usePostTypeList() {
  const { api } = useServices();
  return useQuery({
    queryKey: POST_TYPES_KEY,
    queryFn: ({ signal }) => api.get<PostType[]>('post-types', { signal }),
    staleTime: 10 * 60_000,
    retry: (count, error) => count < 1 && !isRefusal(error),
  });
}

/**
 * PUT post-types/{type} (administrators); the list, the cards and the inbox (its groups, and its lists:
 * a hidden type's threads move to Hidden messages) then show the change.
 */
export function useUpdatePostType() {
  const { api } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ type, update }: { type: PostTypeKey; update: PostTypeUpdate }) => api.put<PostType | null>(`post-types/${type}`, update),
    onSuccess: (saved) => {
      if (saved?.type) client.setQueryData<PostType[]>(POST_TYPES_KEY, (list) => list?.map((item) => (item.type === saved.type ? saved : item)));
      return Promise.all([client.invalidateQueries({ queryKey: POST_TYPES_KEY }), client.invalidateQueries({ queryKey: ['threads'] })]);
    },
  });
}
