import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services';
import { DownloadButton } from '../../ui/DownloadButton';
import { downloadMembersCsv } from './downloadMembersCsv';

/** "Download CSV" of a node's members (issue 6 item 19); says so when the download failed. */
export function DownloadMembersButton({ nodeId }: { nodeId: number }) {
  const { t, i18n } = useTranslation();
  const { store } = useServices();
  const download = () => {
    const { url, token } = store.getState();
    return downloadMembersCsv({ baseUrl: url, token, nodeId, language: i18n.language });
  };
  return (
    <DownloadButton
      download={download}
      label={t('nodes.downloadCsv')}
      busyLabel={t('nodes.downloadingCsv')}
      failedText={t('nodes.downloadCsvFailed')}
      buttonProps={{ mb: 'md' }}
    />
  );
}
