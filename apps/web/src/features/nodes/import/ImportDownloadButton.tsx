import { useTranslation } from 'react-i18next';
import { useServices } from '../../../app/services';
import { DownloadButton } from '../../../ui/DownloadButton';
import { downloadImportFile, importFileQuery, type ImportFileFormat } from './downloadImportFile';
import classes from './import.module.css';

export interface ImportDownloadButtonProps {
  /** API path without the query, e.g. "import/template" or "nodes/7/imports/5/bad-rows". */
  path: string;
  format: ImportFileFormat;
  label: string;
  fallbackName: string;
}

/** A button that downloads one of the import's files in the interface language; says so when it failed. */
export function ImportDownloadButton({ path, format, label, fallbackName }: ImportDownloadButtonProps) {
  const { t, i18n } = useTranslation();
  const { store } = useServices();
  const download = () => {
    const { url, token } = store.getState();
    return downloadImportFile({ baseUrl: url, token, path: `${path}?${importFileQuery(format, i18n.language)}`, fallbackName: `${fallbackName}.${format}` });
  };
  return (
    <DownloadButton
      download={download}
      label={label}
      failedText={t('import.downloadFailed')}
      buttonProps={{ classNames: { root: classes.wrapButton, label: classes.wrapLabel } }}
    />
  );
}
