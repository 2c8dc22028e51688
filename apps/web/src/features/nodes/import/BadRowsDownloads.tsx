import { useTranslation } from 'react-i18next';
import type { Import } from '@patio/core/schemas/import';
import { ImportDownloadButton } from './ImportDownloadButton';
import classes from './import.module.css';

/** The rows with problems as a CSV or XLSX file, with a column saying what to fix in each. */
export function BadRowsDownloads({ draft }: { draft: Import }) {
  const { t } = useTranslation();
  const path = `nodes/${draft.nodeId}/imports/${draft.id}/bad-rows`;
  return (
    <div className={classes.fileRow} style={{ marginTop: 12 }}>
      <ImportDownloadButton path={path} format="xlsx" label={t('import.downloadBadRowsXlsx')} fallbackName="rows" />
      <ImportDownloadButton path={path} format="csv" label={t('import.downloadBadRowsCsv')} fallbackName="rows" />
    </div>
  );
}
