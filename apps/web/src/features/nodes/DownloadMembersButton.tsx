import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useServices } from '../../app/services';
import { downloadMembersCsv } from './downloadMembersCsv';

/** "Download CSV" of a node's members (issue 6 item 19); says so when the download failed. */
export function DownloadMembersButton({ nodeId }: { nodeId: number }) {
  const { t, i18n } = useTranslation();
  const { store } = useServices();
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');

  const handleDownload = async () => {
    setState('busy');
    try {
      const { url, token } = store.getState();
      await downloadMembersCsv({ baseUrl: url, token, nodeId, language: i18n.language });
      setState('idle');
    } catch {
      setState('failed');
    }
  };

  return (
    <>
      <Button variant="light" leftSection={<IconDownload size={18} aria-hidden="true" />} loading={state === 'busy'} onClick={() => void handleDownload()} mb="md">
        {state === 'busy' ? t('nodes.downloadingCsv') : t('nodes.downloadCsv')}
      </Button>
      {state === 'failed' && (
        <Text role="alert" c="red" size="sm" mb="md">
          {t('nodes.downloadCsvFailed')}
        </Text>
      )}
    </>
  );
}
