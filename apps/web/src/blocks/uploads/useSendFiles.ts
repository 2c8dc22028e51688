import { useCallback } from 'react';
import { resolveUrl } from '../../app/api/apiClient';
import { useServices } from '../../app/services';
import { sendFiles, type SendFilesOptions } from './sendFiles';

/** sendFiles to a path of the school's API, with the signed-in person's token (spec §7: relative paths only). */
export function useSendFiles() {
  const { store } = useServices();
  return useCallback(
    (path: string, options: Omit<SendFilesOptions, 'url' | 'token'>) => {
      const { url, relative } = resolveUrl(store.getState().url, path);
      return sendFiles({ ...options, url, token: relative ? store.getState().token : null });
    },
    [store],
  );
}
