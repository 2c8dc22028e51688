import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Import, ImportMappingRequest } from '@patio/core/schemas/import';
import { useServices } from '../../../app/services';

/** How often a running import is asked for its progress. */
export const IMPORT_POLL_MS = 1000;

/**
 * The import of one node: upload (POST nodes/{id}/imports), change the sheet, header row, mapping or
 * name order (PUT …/{importId}), commit all rows or only the good ones (POST …/commit), then
 * GET …/{importId} until it is done.
 */
export function useImport(nodeId: number, importId: number | null, onImport: (id: number) => void) {
  const { api } = useServices();
  const client = useQueryClient();
  const key = ['node', nodeId, 'import', importId];
  const store = (value: Import) => {
    client.setQueryData(['node', nodeId, 'import', value.id], value);
    onImport(value.id);
  };

  const current = useQuery({
    queryKey: key,
    queryFn: () => api.get<Import>(`nodes/${nodeId}/imports/${importId}`),
    enabled: importId !== null,
    refetchInterval: (query) => (query.state.data?.status === 'committing' ? IMPORT_POLL_MS : false),
    staleTime: Infinity,
  });

  const upload = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return api.post<Import>(`nodes/${nodeId}/imports`, form);
    },
    onSuccess: store,
  });

  const change = useMutation({
    mutationFn: (request: ImportMappingRequest) => api.put<Import>(`nodes/${nodeId}/imports/${importId}`, request),
    onSuccess: store,
  });

  const commit = useMutation({
    mutationFn: (options: { skipInvalid: boolean }) =>
      api.post<Import>(`nodes/${nodeId}/imports/${importId}/commit`, options.skipInvalid ? { skipInvalid: true } : {}),
    onSuccess: store,
  });

  return { current, upload, change, commit };
}
