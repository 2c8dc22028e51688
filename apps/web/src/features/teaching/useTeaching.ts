import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClassroomPost, ClassroomPostDetail, Submission, SubmissionLine, SubmissionReview, Teaching } from '@patio/core/schemas/classroom';
import { isRefusal } from '../../app/api/ApiError';
import { useServices } from '../../app/services';

/** Everything of the teaching screens lives under ['teaching']: a publish or a review refreshes it all. */
export const TEACHING_KEY = ['teaching'] as const;
const noRetryOnRefusal = (count: number, error: unknown) => count < 1 && !isRefusal(error);

/** GET teaching/{personId}: the teacher's groups, upcoming due dates and the review queue. */
export function useTeaching(personId: number) {
  const { api } = useServices();
  return useQuery({
    queryKey: [...TEACHING_KEY, 'home', personId],
    queryFn: ({ signal }) => api.get<Teaching>(`teaching/${personId}`, { signal }),
    retry: noRetryOnRefusal,
  });
}

const submissionsKey = (postId: number) => [...TEACHING_KEY, 'submissions', postId] as const;

/** GET posts/{postId}/submissions: every student of the task's group with their work. */
export function useSubmissions(postId: number) {
  const { api } = useServices();
  return useQuery({
    queryKey: submissionsKey(postId),
    queryFn: ({ signal }) => api.get<SubmissionLine[]>(`posts/${postId}/submissions`, { signal }),
    retry: noRetryOnRefusal,
  });
}

/** GET people/{personId}/classroom/{groupId}/posts/{postId}: the task's title, due date and points. */
export function useTask(personId: number, groupId: number | null, postId: number) {
  const { api } = useServices();
  return useQuery({
    queryKey: [...TEACHING_KEY, 'task', personId, groupId, postId],
    queryFn: ({ signal }) => api.get<ClassroomPostDetail>(`people/${personId}/classroom/${groupId}/posts/${postId}`, { signal }),
    enabled: groupId !== null,
    retry: noRetryOnRefusal,
  });
}

/**
 * A task opened without its group in the address: looked for among the tasks of the groups the person
 * teaches (GET people/{personId}/classroom/{groupId}/posts?kind=task), only while it is not found.
 */
export function useTaskAmongGroups(personId: number, groupIds: number[], postId: number, enabled: boolean) {
  const { api } = useServices();
  return useQueries({
    queries: groupIds.map((groupId) => ({
      queryKey: [...TEACHING_KEY, 'groupTasks', personId, groupId],
      queryFn: ({ signal }: { signal: AbortSignal }) => api.get<ClassroomPost[]>(`people/${personId}/classroom/${groupId}/posts?kind=task`, { signal }),
      enabled,
      retry: noRetryOnRefusal,
    })),
    combine: (results) => {
      for (const [index, result] of results.entries()) {
        const post = result.data?.find((p) => p.id === postId);
        if (post) return { groupId: groupIds[index]!, post };
      }
      return null;
    },
  });
}

/**
 * PUT posts/{postId}/submissions/{studentId}: grade and feedback, returned or only saved. The answer
 * replaces the student's line at once; the dashboard and the classroom screens refresh behind it.
 */
export function useReviewSubmission(postId: number, studentId: number) {
  const { api } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (review: SubmissionReview) => api.put<Submission>(`posts/${postId}/submissions/${studentId}`, review),
    onSuccess: (saved) => {
      client.setQueryData<SubmissionLine[]>(submissionsKey(postId), (lines) =>
        lines?.map((line) =>
          line.student.id === studentId
            ? { ...line, status: saved.status, grade: saved.grade, feedback: saved.feedback, turnedInAt: saved.turnedInAt, returnedAt: saved.returnedAt, text: saved.text, files: saved.files }
            : line,
        ),
      );
      void client.invalidateQueries({ queryKey: [...TEACHING_KEY, 'home'] });
      void client.invalidateQueries({ queryKey: ['classroom'] });
    },
  });
}
