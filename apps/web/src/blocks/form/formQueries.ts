import { useQuery } from '@tanstack/react-query';
import type { FormEntity, FormRecord } from '@patio/core/schemas/blocks';
import { isRefusal } from '../../app/api/ApiError';
import { useServices } from '../../app/services';

// Query keys of the form block: everything of one form sits under ['forms', formId], which the live
// `form.answered` message invalidates as a whole.

export const formKeys = {
  all: (formId: number) => ['forms', formId] as const,
  entity: (formId: number) => ['forms', formId, 'entity'] as const,
  records: (formId: number, personId: number) => ['forms', formId, 'records', personId] as const,
  results: (formId: number) => ['forms', formId, 'results'] as const,
  answers: (formId: number) => ['forms', formId, 'answers'] as const,
  pending: (formId: number) => ['forms', formId, 'pending'] as const,
};

const retryOnce = (count: number, error: unknown) => count < 1 && !isRefusal(error);

/** GET data/entities/{id}: the form with its fields. */
export function useFormEntity(formId: number) {
  const { api } = useServices();
  return useQuery({
    queryKey: formKeys.entity(formId),
    queryFn: ({ signal }) => api.get<FormEntity>(`data/entities/${formId}`, { signal }),
    retry: retryOnce,
  });
}

/** The path of a person's records of a form (spec §7); the same path answers GET and POST. */
export const recordsPath = (personId: number, formId: number) => `people/${personId}/data/entities/${formId}/records`;

/** GET people/{personId}/data/entities/{formId}/records: the person's answer, if they gave one. */
export function recordsQuery(api: ReturnType<typeof useServices>['api'], formId: number, personId: number) {
  return {
    queryKey: formKeys.records(formId, personId),
    queryFn: ({ signal }: { signal: AbortSignal }) => api.get<FormRecord[]>(recordsPath(personId, formId), { signal }),
    retry: retryOnce,
  };
}
