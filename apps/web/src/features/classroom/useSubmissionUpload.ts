import { useCallback, useRef, useState } from 'react';
import { UPLOAD_MAX_BYTES } from '@patio/core/constants';
import type { SubmissionFile } from './submissionFile';
import { UploadAborted, type FilePart } from '../../blocks/uploads/sendFiles';
import { useSendFiles } from '../../blocks/uploads/useSendFiles';
import { FileTooLarge } from './submissionErrors';

export interface UploadProgressState {
  loaded: number;
  total: number;
  count: number;
}

/**
 * Uploads to the signed-in person's own folder (POST people/{me}/uploads): a submission holds ids of
 * the student's uploads (or of the relative's who turns it in). One progress over the request; a file over the limit is never sent.
 * Resolves with the new files, or null when it was cancelled.
 */
export function useSubmissionUpload(uploaderId: number) {
  const send = useSendFiles();
  const [progress, setProgress] = useState<UploadProgressState | null>(null);
  const controller = useRef<AbortController | null>(null);

  const upload = useCallback(
    async (files: readonly File[], field: FilePart['field'] = 'file'): Promise<SubmissionFile[] | null> => {
      const tooLarge = files.find((file) => file.size > UPLOAD_MAX_BYTES);
      if (tooLarge) throw new FileTooLarge(tooLarge.name);
      const total = files.reduce((sum, file) => sum + file.size, 0);
      const abort = new AbortController();
      controller.current = abort;
      setProgress({ loaded: 0, total, count: files.length });
      try {
        const sent = await send(`people/${uploaderId}/uploads`, {
          parts: files.map((file) => ({ field, file })),
          signal: abort.signal,
          // The multipart body is a little larger than the files: scale it to the files' bytes.
          onProgress: (loaded, size) => setProgress({ loaded: Math.round((loaded / Math.max(size, 1)) * total), total, count: files.length }),
        });
        // The file's address in the submission comes with the saved work's answer.
        return sent.map(({ id, name, mimetype, size }) => ({ id, name, mimetype, size, url: '' }));
      } catch (error) {
        if (error instanceof UploadAborted) return null;
        throw error;
      } finally {
        controller.current = null;
        setProgress(null);
      }
    },
    [send, uploaderId],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);
  return { upload, progress, cancel };
}
