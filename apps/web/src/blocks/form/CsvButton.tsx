import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services';
import { DownloadButton } from '../../ui/DownloadButton';
import { downloadRecordsCsv } from './downloadRecordsCsv';

/** "Download CSV" of a form's answers, for its owner; says so when the download failed. */
export function CsvButton({ formId }: { formId: number }) {
  const { t, i18n } = useTranslation();
  const { store } = useServices();
  const download = () => {
    const { url, token } = store.getState();
    return downloadRecordsCsv({ baseUrl: url, token, formId, language: i18n.language });
  };
  return <DownloadButton download={download} label={t('blocks.form.owner.csv')} failedText={t('blocks.form.owner.csvFailed')} />;
}
