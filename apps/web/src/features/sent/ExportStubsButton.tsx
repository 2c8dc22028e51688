import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services';
import { DownloadButton } from '../../ui/DownloadButton';
import { downloadStubsCsv } from './downloadStubsCsv';
import type { StubStatus } from './useSent';

/** "Download CSV" of a sent post's read receipts; says so when the download failed. */
export function ExportStubsButton({ postId, status, q }: { postId: number; status: StubStatus; q: string }) {
  const { t, i18n } = useTranslation();
  const { store } = useServices();
  const download = () => {
    const { url, token } = store.getState();
    return downloadStubsCsv({ baseUrl: url, token, postId, language: i18n.language, status, q });
  };
  return <DownloadButton download={download} label={t('sentPosts.exportCsv')} failedText={t('sentPosts.exportFailed')} />;
}
