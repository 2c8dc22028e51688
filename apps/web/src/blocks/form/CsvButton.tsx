import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useServices } from '../../app/services';
import { downloadRecordsCsv } from './downloadRecordsCsv';

/** "Download CSV" of a form's answers, for its owner; says so when the download failed. */
export function CsvButton({ formId }: { formId: number }) {
  const { t, i18n } = useTranslation();
  const { store } = useServices();
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');

  async function handleDownload() {
    setState('busy');
    try {
      const { url, token } = store.getState();
      await downloadRecordsCsv({ baseUrl: url, token, formId, language: i18n.language });
      setState('idle');
    } catch {
      setState('failed');
    }
  }

  return (
    <div>
      <Button variant="light" leftSection={<IconDownload size={18} aria-hidden="true" />} loading={state === 'busy'} onClick={() => void handleDownload()}>
        {t('blocks.form.owner.csv')}
      </Button>
      {state === 'failed' && (
        <Text role="alert" c="red.8" size="sm" mt={4}>
          {t('blocks.form.owner.csvFailed')}
        </Text>
      )}
    </div>
  );
}
