import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { FormAnswer, FormResults } from '@patio/core/schemas/blocks';
import type { PostAuthor } from '@patio/core/schemas/posts';
import { DEFAULT_PAGE_SIZE } from '@patio/core/constants';
import { isRefusal } from '../../app/api/ApiError';
import { useServices } from '../../app/services';
import { formKeys } from './formQueries';

// The form owner's views refetch when the window regains focus and when the live `form.answered`
// message invalidates ['forms', formId]: results follow the answers as they arrive.
const live = { staleTime: 0, refetchOnWindowFocus: true, retry: (count: number, error: unknown) => count < 1 && !isRefusal(error) } as const;

/** GET data/entities/{id}/results: counts per choice, answered and audience. */
export function useFormResults(formId: number) {
  const { api } = useServices();
  return useQuery({
    queryKey: formKeys.results(formId),
    queryFn: ({ signal }) => api.get<FormResults>(`data/entities/${formId}/results`, { signal }),
    ...live,
  });
}

function usePaged<T>(key: readonly unknown[], path: string) {
  const { api } = useServices();
  return useInfiniteQuery({
    queryKey: key,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => api.getPage<T>(path, { query: { page: pageParam, limit: DEFAULT_PAGE_SIZE }, signal }),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, p) => sum + p.items.length, 0);
      return last.items.length > 0 && loaded < last.total ? pages.length + 1 : undefined;
    },
    ...live,
  });
}

/** GET data/entities/{id}/records?page&limit: each answer with whom it is for and who sent it. */
export const useFormAnswers = (formId: number) => usePaged<FormAnswer>(formKeys.answers(formId), `data/entities/${formId}/records`);

/** GET data/entities/{id}/pending?page&limit: people the form reached who have not answered. */
export const useFormPending = (formId: number) => usePaged<PostAuthor>(formKeys.pending(formId), `data/entities/${formId}/pending`);
