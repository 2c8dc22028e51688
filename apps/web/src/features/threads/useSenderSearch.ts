import { useQuery } from '@tanstack/react-query';
import type { Contact, PersonCard } from '@patio/core/schemas/people';
import { formatFullName } from '@patio/core/people/displayName';
import { useAllowedPaths } from '../../app/access/useAllowedPaths';
import { isRefusal } from '../../app/api/ApiError';
import { useServices } from '../../app/services';

const SENDER_RESULTS = 8;

/** Folds accents and case so "maria" finds "María". */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
}

/**
 * People to pick as the sender filter: staff search the school (GET people?q=); everyone else picks
 * among the people they may message (GET people/{me}/contacts), who are the ones who write to them.
 */
export function useSenderSearch(personId: number | null, text: string) {
  const { api } = useServices();
  const q = text.trim();
  // Asked once someone searches: most folder visits never open the sender filter.
  const allowed = useAllowedPaths(q.length >= 2 ? ['people'] : []);
  const mayBrowse = allowed?.people === true;
  const directory = useQuery({
    queryKey: ['people', 'pick', q],
    queryFn: async ({ signal }) => (await api.getPage<PersonCard>('people', { query: { q, limit: SENDER_RESULTS }, signal })).items,
    enabled: mayBrowse && q.length >= 2,
    retry: (count, error) => count < 1 && !isRefusal(error),
  });
  const contacts = useQuery({
    queryKey: ['person', personId, 'contacts'],
    queryFn: ({ signal }) => api.get<Contact[]>(`people/${personId}/contacts`, { signal }),
    enabled: allowed !== null && !mayBrowse && personId !== null && q.length >= 2,
    retry: (count, error) => count < 1 && !isRefusal(error),
  });
  if (q.length < 2) return { people: [] as PersonCard[], isLoading: false };
  if (mayBrowse) return { people: directory.data ?? [], isLoading: directory.isFetching };
  const needle = fold(q);
  const matches = (contacts.data ?? []).filter((person) => fold(formatFullName(person)).includes(needle)).slice(0, SENDER_RESULTS);
  return { people: matches as PersonCard[], isLoading: contacts.isFetching };
}
