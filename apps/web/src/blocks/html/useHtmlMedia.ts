import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { HtmlMedia } from '@patio/core/schemas/blocks';
import { isRefusal } from '../../app/api/ApiError';
import { useServices } from '../../app/services';

/** Query key of an html item (contract: ['html', id]). */
export const htmlKey = (id: number | null) => ['html', id] as const;

/** GET media/html/{id} (spec §7): the item an html block points at. */
export function useHtmlMedia(id: number | null) {
  const { api } = useServices();
  return useQuery({
    queryKey: htmlKey(id),
    queryFn: ({ signal }) => api.get<HtmlMedia>(`media/html/${id}`, { signal }),
    enabled: id !== null,
    retry: (count, error) => count < 1 && !isRefusal(error),
  });
}

/** PUT media/html/{id} {body}; the cached item takes the server's (sanitised) answer. */
export function useSaveHtml(id: number | null) {
  const { api } = useServices();
  const client = useQueryClient();
  return useCallback(
    async (body: string) => {
      const saved = await api.put<HtmlMedia>(`media/html/${id}`, { body });
      if (saved && typeof saved.body === 'string') client.setQueryData(htmlKey(id), saved);
    },
    [api, client, id],
  );
}
