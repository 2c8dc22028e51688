import { useCallback } from 'react';
import type { FileResource } from '@patio/core/schemas/blocks';
import { useSignedInId } from '../../app/session/useSignedInId';
import { useSendFiles } from './useSendFiles';

/**
 * POST people/{me}/uploads (spec §7, §6: a person's own folder): the answer lists the new file first
 * (spec: "a list whose first item has url"). Used for images inside html and image blocks.
 */
export function useUploadToMe() {
  const me = useSignedInId();
  const send = useSendFiles();
  return useCallback(
    async (file: File, onProgress?: (loaded: number, total: number) => void): Promise<FileResource> => {
      if (me === null) throw new Error('Uploads need a signed-in person');
      const [first] = await send(`people/${me}/uploads`, { parts: [{ field: 'file', file }], onProgress });
      if (!first?.url) throw new Error('The upload answered no file');
      return first;
    },
    [me, send],
  );
}
