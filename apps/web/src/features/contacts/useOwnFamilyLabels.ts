import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PersonProfile } from '@patio/core/schemas/people';
import { isRefusal } from '../../app/api/ApiError';
import { useServices, useSessionState } from '../../app/services';
import { isGenderedKind, relativeKindLabel } from './relativeKind';

/**
 * What each of the signed-in person's own relatives is to them ("Hijo", "Hija", "Madre"), by id. The
 * kinds come with their own profile; a kind with a male and a female word waits for that relative's
 * gender (GET people/{id}, which one's family may read, cached like any profile), so a relative whose
 * word is not known yet is simply not in the map.
 */
export function useOwnFamilyLabels(): Map<number, string> {
  const { t } = useTranslation();
  const { api } = useServices();
  const relatives = useSessionState((s) => s.user?.relatives) ?? [];
  const gendered = relatives.filter((r) => isGenderedKind(r.kind));
  const profiles = useQueries({
    queries: gendered.map((relative) => ({
      queryKey: ['person', relative.id],
      queryFn: () => api.get<PersonProfile>(`people/${relative.id}`),
      retry: (count: number, error: Error) => count < 1 && !isRefusal(error),
    })),
  });

  const labels = new Map<number, string>();
  for (const relative of relatives) {
    const index = gendered.indexOf(relative);
    if (index < 0) labels.set(relative.id, relativeKindLabel(t, relative.kind, null));
    else if (!profiles[index].isPending) labels.set(relative.id, relativeKindLabel(t, relative.kind, profiles[index].data?.gender));
  }
  return labels;
}
