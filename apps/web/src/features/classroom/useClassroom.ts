import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Child } from '@patio/core/schemas/people';
import type { ClassroomGroup, ClassroomKind, ClassroomPost, ClassroomPostDetail, Submission, SubmissionInput } from '@patio/core/schemas/classroom';
import { isRefusal } from '../../app/api/ApiError';
import { useServices } from '../../app/services';
import { CLASSROOM_KEY, classroomPostKey, groupPostsKey, groupsKey } from './classroomKeys';

const noRetryOnRefusal = (count: number, error: unknown) => count < 1 && !isRefusal(error);

/** GET people/{id}/classroom: the person's groups with their role and pending count. */
export function useClassroomGroups(personId: number | null) {
  const { api } = useServices();
  return useQuery({
    queryKey: groupsKey(personId ?? 0),
    queryFn: ({ signal }) => api.get<ClassroomGroup[]>(`people/${personId}/classroom`, { signal }),
    enabled: personId !== null && Number.isFinite(personId),
    retry: noRetryOnRefusal,
  });
}

/** GET people/{id}/children (the list the children screen shows, under the same cache entry). */
export function useChildrenOf(personId: number | null) {
  const { api } = useServices();
  return useQuery({
    queryKey: ['person', personId, 'children'],
    queryFn: ({ signal }) => api.get<Child[]>(`people/${personId}/children`, { signal }),
    enabled: personId !== null,
    retry: noRetryOnRefusal,
  });
}

/** Each child's classroom groups, in the children's order. */
export function useChildrenGroups(children: readonly Child[]) {
  const { api } = useServices();
  return useQueries({
    queries: children.map((child) => ({
      queryKey: groupsKey(child.id),
      queryFn: ({ signal }: { signal: AbortSignal }) => api.get<ClassroomGroup[]>(`people/${child.id}/classroom`, { signal }),
      retry: noRetryOnRefusal,
    })),
  });
}

/** GET people/{id}/classroom/{groupId}/posts?kind=: newest first, a task with the student's status. */
export function useGroupPosts(personId: number, groupId: number, kind: ClassroomKind | null) {
  const { api } = useServices();
  return useQuery({
    queryKey: groupPostsKey(personId, groupId, kind),
    queryFn: ({ signal }) => api.get<ClassroomPost[]>(`people/${personId}/classroom/${groupId}/posts${kind ? `?kind=${kind}` : ''}`, { signal }),
    enabled: Number.isFinite(personId) && Number.isFinite(groupId),
    retry: noRetryOnRefusal,
  });
}

/** GET people/{id}/classroom/{groupId}/posts/{postId}: the post with the person's submission. */
export function useClassroomPost(personId: number, groupId: number, postId: number) {
  const { api } = useServices();
  return useQuery({
    queryKey: classroomPostKey(personId, groupId, postId),
    queryFn: ({ signal }) => api.get<ClassroomPostDetail>(`people/${personId}/classroom/${groupId}/posts/${postId}`, { signal }),
    enabled: Number.isFinite(personId) && Number.isFinite(groupId) && Number.isFinite(postId),
    retry: noRetryOnRefusal,
  });
}

/** The submission PUT's path: POST allowed is asked about it too. */
export const submissionPath = (studentId: number, groupId: number, postId: number) => `people/${studentId}/classroom/${groupId}/posts/${postId}/submission`;

/**
 * PUT …/submission: saves or turns in the work. The answer replaces the post's submission at once;
 * the lists (pending counts, statuses) are read again.
 */
export function useSaveSubmission(personId: number, groupId: number, postId: number) {
  const { api } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ studentId, input }: { studentId: number; input: SubmissionInput }) => api.put<Submission>(submissionPath(studentId, groupId, postId), input),
    onSuccess: async (submission) => {
      client.setQueryData<ClassroomPostDetail>(classroomPostKey(personId, groupId, postId), (post) => (post ? { ...post, submission } : post));
      const saved = classroomPostKey(personId, groupId, postId);
      await client.invalidateQueries({ queryKey: CLASSROOM_KEY, predicate: (query) => JSON.stringify(query.queryKey) !== JSON.stringify(saved) });
    },
  });
}
