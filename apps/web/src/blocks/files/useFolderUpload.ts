import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { UPLOAD_MAX_BYTES } from '@patio/core/constants';
import { UPLOAD_MAX_FILES } from '@patio/core/schemas/blocks';
import { UploadAborted, type FilePart } from '../uploads/sendFiles';
import { useSendFiles } from '../uploads/useSendFiles';
import { filesKey } from './useFiles';

export interface UploadState {
  loaded: number;
  total: number;
  count: number;
}

/** Parts in requests of at most 20 files (the server's limit per request). */
export function inBatches<T>(items: readonly T[], size = UPLOAD_MAX_FILES): T[][] {
  const batches: T[][] = [];
  for (let i = 0; i < items.length; i += size) batches.push(items.slice(i, i + size));
  return batches;
}

/**
 * Uploads to a files block's folder (POST {url}, spec §7) with one progress over every file, then
 * reloads the list. A file over 512 MB is never sent; any failure opens the "error uploading file"
 * snackbar (spec §8), a cancel does not.
 */
export function useFolderUpload(folder: string | null) {
  const send = useSendFiles();
  const client = useQueryClient();
  const [progress, setProgress] = useState<UploadState | null>(null);
  const [failed, setFailed] = useState(false);
  const controller = useRef<AbortController | null>(null);

  const upload = useCallback(
    async (files: readonly File[], field: FilePart['field'] = 'file') => {
      if (folder === null || files.length === 0) return;
      const fitting = files.filter((file) => file.size <= UPLOAD_MAX_BYTES);
      if (fitting.length < files.length) setFailed(true);
      if (fitting.length === 0) return;
      const total = fitting.reduce((sum, file) => sum + file.size, 0);
      const abort = new AbortController();
      controller.current = abort;
      setProgress({ loaded: 0, total, count: fitting.length });
      let done = 0;
      try {
        for (const batch of inBatches(fitting)) {
          const parts = batch.map((file) => ({ field, file }));
          const batchBytes = batch.reduce((sum, file) => sum + file.size, 0);
          await send(folder, {
            parts,
            signal: abort.signal,
            // The multipart body is a little larger than the files: scale it to the files' bytes.
            onProgress: (loaded, size) => setProgress({ loaded: done + Math.round((loaded / Math.max(size, 1)) * batchBytes), total, count: fitting.length }),
          });
          done += batchBytes;
        }
      } catch (error) {
        if (!(error instanceof UploadAborted)) setFailed(true);
      } finally {
        controller.current = null;
        setProgress(null);
        // Whatever arrived (a first batch before a failure too) shows.
        await client.invalidateQueries({ queryKey: filesKey(folder) });
      }
    },
    [client, folder, send],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);
  const dismissFailure = useCallback(() => setFailed(false), []);
  return { upload, progress, failed, cancel, dismissFailure };
}
