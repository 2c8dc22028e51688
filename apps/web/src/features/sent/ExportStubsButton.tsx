import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useServices } from '../../app/services';
import { downloadStubsCsv } from './downloadStubsCsv';
import type { StubStatus } from './useSent';

/** "Download CSV" of a sent post's read receipts; says so when the download failed. */
export function ExportStubsButton({ postId, status, q }: { postId: number; status: StubStatus; q: string }) {
  const { t, i18n } = useTranslation();
  const { store } = useServices();
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');

  const handleDownload = async () => {
    setState('busy');
    try {
      const { url, token } = store.getState();
      await downloadStubsCsv({ baseUrl: url, token, postId, language: i18n.language, status, q });
      setState('idle');
    } catch {
      setState('failed');
    }
  };

  return (
    <div>
      <Button variant="light" leftSection={<IconDownload size={18} aria-hidden="true" />} loading={state === 'busy'} onClick={() => void handleDownload()}>
        {t('sentPosts.exportCsv')}
      </Button>
      {state === 'failed' && (
        <Text role="alert" c="red.8" size="sm" mt={4}>
          {t('sentPosts.exportFailed')}
        </Text>
      )}
    </div>
  );
}
