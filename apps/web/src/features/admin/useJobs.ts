import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Job, JobState } from '@patio/core/schemas/jobs';
import { isRefusal } from '../../app/api/ApiError';
import { useServices } from '../../app/services';

/** The filter's states, failed first: what an administrator comes here for. */
export const JOB_STATES = ['dead', 'queued', 'running', 'done'] as const satisfies readonly JobState[];

/** Jobs per request. */
export const JOBS_PAGE_SIZE = 20;

/** Queued and running jobs move on their own within seconds: their lists are asked again this often. */
export const MOVING_JOBS_REFRESH_MS = 10_000;

const JOBS_KEY = ['admin', 'jobs'] as const;

/** True when `value` is one of the job states (a hand-typed ?state= may be anything). */
export function isJobState(value: string | null): value is JobState {
  return (JOB_STATES as readonly string[]).includes(value ?? '');
}

/** GET admin/jobs?state=&page=&limit=: one state's jobs, most recently changed first, page after page (X-Total-Count). */
export function useJobs(state: JobState) {
  const { api } = useServices();
  return useInfiniteQuery({
    queryKey: [...JOBS_KEY, state],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => api.getPage<Job>('admin/jobs', { query: { state, page: pageParam, limit: JOBS_PAGE_SIZE }, signal }),
    getNextPageParam: (last, pages) => (pages.length < Math.ceil(last.total / JOBS_PAGE_SIZE) && last.items.length > 0 ? pages.length + 1 : undefined),
    refetchInterval: state === 'queued' || state === 'running' ? MOVING_JOBS_REFRESH_MS : false,
    retry: (count, error) => count < 1 && !isRefusal(error),
  });
}

/**
 * POST admin/jobs/{id}/retry. Not optimistic: every list is fetched again afterwards, also after a
 * refusal (409: someone retried it first), so the screen always shows where each job really is.
 */
export function useRetryJob() {
  const { api } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (job: Pick<Job, 'id' | 'kind'>) => api.post<Job>(`admin/jobs/${job.id}/retry`),
    onSettled: () => client.invalidateQueries({ queryKey: JOBS_KEY }),
  });
}
