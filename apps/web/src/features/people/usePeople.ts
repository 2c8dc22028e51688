import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Child, PersonCard, PersonProfile } from '@patio/core/schemas/people';
import { isRefusal } from '../../app/api/ApiError';
import { useServices } from '../../app/services';

/** Rows per request: large pages keep scrolling through thousands of people smooth. */
export const PEOPLE_PAGE_SIZE = 50;

export interface PeopleFilters {
  q: string;
  role: string;
  node: string;
}

/**
 * GET people?q=&role=&node=&page=&limit= as an endless list; paging goes on while page < total / limit (spec §7).
 * `enabled: false` asks nothing (a picker before anything is typed).
 */
export function usePeopleSearch(filters: PeopleFilters, { enabled = true }: { enabled?: boolean } = {}) {
  const { api } = useServices();
  return useInfiniteQuery({
    queryKey: ['people', filters],
    enabled,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => api.getPage<PersonCard>('people', { query: { ...filters, page: pageParam, limit: PEOPLE_PAGE_SIZE }, signal }),
    getNextPageParam: (last, pages) => (pages.length < Math.ceil(last.total / PEOPLE_PAGE_SIZE) && last.items.length > 0 ? pages.length + 1 : undefined),
  });
}

/** GET people/{id}: the profile, with only the fields the caller may see. */
export function usePerson(personId: number) {
  const { api } = useServices();
  return useQuery({
    queryKey: ['person', personId],
    queryFn: () => api.get<PersonProfile>(`people/${personId}`),
    enabled: Number.isFinite(personId),
    retry: (count, error) => count < 1 && !isRefusal(error),
  });
}

/** GET people/{id}/children: each child's card and classes. */
export function useChildren(personId: number) {
  const { api } = useServices();
  return useQuery({
    queryKey: ['person', personId, 'children'],
    queryFn: () => api.get<Child[]>(`people/${personId}/children`),
    retry: (count, error) => count < 1 && !isRefusal(error),
  });
}
