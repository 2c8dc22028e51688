import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { z } from 'zod';
import type { ZTrailEntry } from '@patio/core/schemas/posts';
import { TRAIL_LIMIT } from '@patio/core/constants';
import { isRefusal } from '../../app/api/ApiError';
import { useServices } from '../../app/services';

export type TrailEntry = z.infer<typeof ZTrailEntry>;

const trailKey = (postId: number) => ['threads', 'trail', postId] as const;

/** GET posts/{id}/trail?limit=50 (spec §7), asked only while the trail panel is open (spec §4). */
export function useTrail(postId: number, isOpen: boolean) {
  const { api } = useServices();
  return useQuery({
    queryKey: trailKey(postId),
    queryFn: ({ signal }) => api.get<TrailEntry[]>(`posts/${postId}/trail?limit=${TRAIL_LIMIT}`, { signal }),
    enabled: isOpen,
    retry: (count, error) => count < 1 && !isRefusal(error),
  });
}

/** Forgets a post's trail: a closed panel keeps nothing (spec §4), so opening it again asks anew. */
export function useClearTrail(postId: number): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.removeQueries({ queryKey: trailKey(postId), exact: true }), [queryClient, postId]);
}
