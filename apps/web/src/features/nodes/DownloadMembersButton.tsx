import { useTranslation } from 'react-i18next';
import { Group } from '@mantine/core';
import { useServices } from '../../app/services';
import { DownloadButton } from '../../ui/DownloadButton';
import { downloadMembersCsv } from './downloadMembersCsv';

/** "Download CSV" and "Download Excel" of a node's members (issue 6 item 19, issue 34 §3); says so when a download failed. */
export function DownloadMembersButton({ nodeId }: { nodeId: number }) {
  const { t, i18n } = useTranslation();
  const { store } = useServices();
  const download = (format: 'csv' | 'xlsx') => () => {
    const { url, token } = store.getState();
    return downloadMembersCsv({ baseUrl: url, token, nodeId, language: i18n.language, format });
  };
  return (
    <Group gap="xs" mb="md" align="flex-start">
      <DownloadButton download={download('csv')} label={t('nodes.downloadCsv')} busyLabel={t('nodes.downloadingCsv')} failedText={t('nodes.downloadCsvFailed')} />
      <DownloadButton download={download('xlsx')} label={t('nodes.downloadXlsx')} busyLabel={t('nodes.downloadingCsv')} failedText={t('nodes.downloadCsvFailed')} />
    </Group>
  );
}
