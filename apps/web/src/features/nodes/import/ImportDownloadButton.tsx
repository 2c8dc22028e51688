import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useServices } from '../../../app/services';
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
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');

  const handleDownload = async () => {
    setState('busy');
    try {
      const { url, token } = store.getState();
      await downloadImportFile({ baseUrl: url, token, path: `${path}?${importFileQuery(format, i18n.language)}`, fallbackName: `${fallbackName}.${format}` });
      setState('idle');
    } catch {
      setState('failed');
    }
  };

  return (
    <div>
      <Button variant="light" classNames={{ root: classes.wrapButton, label: classes.wrapLabel }} leftSection={<IconDownload size={18} aria-hidden="true" />} loading={state === 'busy'} onClick={() => void handleDownload()}>
        {label}
      </Button>
      {state === 'failed' && (
        <Text role="alert" c="red.9" size="sm" mt={4}>
          {t('import.downloadFailed')}
        </Text>
      )}
    </div>
  );
}
