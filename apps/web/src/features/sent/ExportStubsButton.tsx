import { useTranslation } from 'react-i18next';
import { Group } from '@mantine/core';
import { useServices } from '../../app/services';
import { DownloadButton } from '../../ui/DownloadButton';
import { downloadStubsCsv } from './downloadStubsCsv';
import type { StubStatus } from './useSent';

/** "Download CSV" and "Download Excel" of a sent post's read receipts; says so when a download failed. */
export function ExportStubsButton({ postId, status, q }: { postId: number; status: StubStatus; q: string }) {
  const { t, i18n } = useTranslation();
  const { store } = useServices();
  const download = (format: 'csv' | 'xlsx') => () => {
    const { url, token } = store.getState();
    return downloadStubsCsv({ baseUrl: url, token, postId, language: i18n.language, status, q, format });
  };
  return (
    <Group gap="xs" align="flex-start">
      <DownloadButton download={download('csv')} label={t('sentPosts.exportCsv')} failedText={t('sentPosts.exportFailed')} />
      <DownloadButton download={download('xlsx')} label={t('sentPosts.exportXlsx')} failedText={t('sentPosts.exportFailed')} />
    </Group>
  );
}
