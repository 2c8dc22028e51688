import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { FileResource } from '@patio/core/schemas/blocks';
import { isRefusal } from '../../app/api/ApiError';
import { useServices } from '../../app/services';

/** Query key of a folder's files (contract: ['files', folderPath]). */
export const filesKey = (folder: string | null) => ['files', folder] as const;

/** GET {files block url}: the folder's files, oldest first, deleted ones left out (spec §7). */
export function useFiles(folder: string | null) {
  const { api } = useServices();
  return useQuery({
    queryKey: filesKey(folder),
    queryFn: ({ signal }) => api.get<FileResource[]>(folder!, { signal }),
    enabled: folder !== null,
    retry: (count, error) => count < 1 && !isRefusal(error),
  });
}

/** Spec §5 File rename: the title to send, trimmed; null when it is blank or unchanged (nothing is sent). */
export function renamedTitle(current: string, typed: string): string | null {
  const title = typed.trim();
  return title === '' || title === current.trim() ? null : title;
}

const itemPath = (file: FileResource) => `${file.endpoint}/${file.path}`;

/** Renaming and deleting a folder's files through PUT {endpoint}/{path}; the list reloads after each. */
export function useFileChanges(folder: string | null) {
  const { api } = useServices();
  const client = useQueryClient();
  const reload = useCallback(() => client.invalidateQueries({ queryKey: filesKey(folder) }), [client, folder]);

  /** Answers false when there was nothing to rename. */
  const rename = useCallback(
    async (file: FileResource, typed: string) => {
      const title = renamedTitle(file.title, typed);
      if (title === null) return false;
      await api.put(itemPath(file), { title });
      await reload();
      return true;
    },
    [api, reload],
  );

  /** Spec §4 File delete: a soft delete, the item sent back with deleteDate set, then the list reloads. */
  const remove = useCallback(
    async (file: FileResource) => {
      await api.put(itemPath(file), { deleteDate: 1 });
      await reload();
    },
    [api, reload],
  );

  return { rename, remove };
}
