import { useMemo } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AudienceRule } from '@patio/core/audiences/index';
import type { AudiencePreview } from '@patio/core/schemas/audiences';
import { isRefusal } from '../../app/api/ApiError';
import { useServices } from '../../app/services';

/** Building a rule asks for its count once the rows stop changing for this long. */
export const PREVIEW_DEBOUNCE_MS = 400;

/** POST audiences/preview for the rule being built: how many people it selects and the first of them. */
export function useAudiencePreview(rule: AudienceRule | null, includeRelatives: boolean) {
  const { api } = useServices();
  const [settled] = useDebouncedValue(useMemo(() => (rule ? JSON.stringify(rule) : null), [rule]), PREVIEW_DEBOUNCE_MS);
  return useQuery({
    queryKey: ['audiences', 'preview', settled, includeRelatives],
    queryFn: ({ signal }) => api.post<AudiencePreview>('audiences/preview', { rules: JSON.parse(settled!), includeRelatives }, { signal }),
    enabled: settled !== null,
    placeholderData: keepPreviousData,
    retry: (count, error) => count < 1 && !isRefusal(error) && (error as { status?: number }).status !== 400,
  });
}
