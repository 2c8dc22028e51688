import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Group, Modal, Progress, Text } from '@mantine/core';
import { fetchWithProgress, saveBlob, type DownloadProgress } from './downloadFile';

export interface DownloadTarget {
  /** Signed address of the whole file (downloadUrl). */
  url: string;
  name: string;
  size: number;
}

export interface DownloadDialogProps {
  file: DownloadTarget;
  formatSize: (bytes: number) => string;
  onClose: () => void;
}

/**
 * Spec §4 Download: a dialog with the progress while a file downloads, then the browser's save; on
 * failure 'Error downloading a file' (§8) until closed. Mount it once per download (key it by file).
 */
export function DownloadDialog({ file, formatSize, onClose }: DownloadDialogProps) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<DownloadProgress>({ loaded: 0, total: file.size || null });
  const [failed, setFailed] = useState(false);
  // The download starts once per mounted dialog, whatever the parent re-renders.
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const controller = new AbortController();
    fetchWithProgress(file.url, setProgress, controller.signal).then(
      (blob) => {
        saveBlob(blob, file.name);
        onCloseRef.current();
      },
      () => {
        if (!controller.signal.aborted) setFailed(true);
      },
    );
    return () => controller.abort();
  }, [file.url, file.name]);

  const total = progress.total ?? file.size;
  const percent = total > 0 ? Math.min(100, Math.round((progress.loaded / total) * 100)) : 0;
  const title = t('blocks.files.downloading', { name: file.name });

  return (
    <Modal opened onClose={onClose} title={title} centered closeButtonProps={{ 'aria-label': t('common.close') }}>
      {failed ? (
        <Text role="alert" c="red.8" mb="md">
          {t('blocks.files.downloadFailed')}
        </Text>
      ) : (
        <>
          <Progress value={percent} aria-label={title} size="lg" animated mb={6} />
          <Text size="sm" c="dimmed" mb="md">
            {percent} % · {formatSize(progress.loaded)} / {formatSize(total)}
          </Text>
        </>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {failed ? t('common.close') : t('common.cancel')}
        </Button>
      </Group>
    </Modal>
  );
}
