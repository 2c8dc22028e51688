import { useMemo } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { formatPersonName } from '@patio/core/people/displayName';
import type { Contact, PersonCard } from '@patio/core/schemas/people';
import { isRefusal } from '../../app/api/ApiError';
import { useServices } from '../../app/services';
import { SEARCH_DEBOUNCE_MS } from '../people';

const RESULTS = 8;
const noRetryOnRefusal = (count: number, error: unknown) => count < 1 && !isRefusal(error);

/** Folds accents and case so "maria" finds "María". */
const fold = (text: string) => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();

/**
 * Who one may add as a recipient, for the text typed: staff search the school (GET people?q=),
 * everyone else picks among their own contacts (GET people/{me}/contacts), the people they may write to.
 */
export function usePeopleLookup(text: string, me: number | null, mayBrowse: boolean) {
  const { api } = useServices();
  const [q] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const school = useQuery({
    queryKey: ['people', 'compose-search', q],
    queryFn: async ({ signal }) => (await api.getPage<PersonCard>('people', { query: { q, limit: RESULTS }, signal })).items,
    enabled: mayBrowse && q.length > 0,
    retry: noRetryOnRefusal,
  });
  // The same key as the Contacts tab: one list for both screens.
  const contacts = useQuery({
    queryKey: ['person', me, 'contacts'],
    queryFn: ({ signal }) => api.get<Contact[]>(`people/${me}/contacts`, { signal }),
    enabled: !mayBrowse && me !== null,
    retry: noRetryOnRefusal,
  });
  const fromContacts = useMemo(() => {
    const needle = fold(q);
    const all = contacts.data ?? [];
    return (needle ? all.filter((c) => fold(formatPersonName(c)).includes(needle)) : all).slice(0, RESULTS);
  }, [contacts.data, q]);

  if (mayBrowse) return { results: q ? (school.data ?? []) : [], isSearching: school.isFetching, query: q };
  return { results: fromContacts as PersonCard[], isSearching: contacts.isFetching, query: q };
}
