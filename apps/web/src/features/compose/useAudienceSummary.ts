import { useMemo } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Audience, AudienceSummary } from '@patio/core/schemas/posts';
import { isRefusal } from '../../app/api/ApiError';
import { useServices } from '../../app/services';
import { PREVIEW_DEBOUNCE_MS } from './useAudiencePreview';

const isEmpty = (audience: Audience) => audience.people.length === 0 && audience.rules === null;

/**
 * POST people/{me}/posts/audience-summary for the audience being chosen: how many people the post
 * would reach and how many of them are students, relatives and staff (issue 33). Asked once the
 * choice stops changing; nothing is asked while nobody is chosen.
 */
export function useAudienceSummary(me: number | null, audience: Audience) {
  const { api } = useServices();
  const [settled] = useDebouncedValue(useMemo(() => (isEmpty(audience) ? null : JSON.stringify(audience)), [audience]), PREVIEW_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: ['posts', 'audience-summary', me, settled],
    queryFn: ({ signal }) => api.post<AudienceSummary>(`people/${me}/posts/audience-summary`, JSON.parse(settled!), { signal }),
    enabled: me !== null && settled !== null,
    placeholderData: keepPreviousData,
    retry: (count, error) => count < 1 && !isRefusal(error) && (error as { status?: number }).status !== 400,
  });
  return { ...query, isEmpty: isEmpty(audience) };
}
