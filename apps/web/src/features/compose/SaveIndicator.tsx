import { useTranslation } from 'react-i18next';
import { Text } from '@mantine/core';
import { IconCheck, IconAlertCircle } from '@tabler/icons-react';
import { describeComposeError } from './publishErrors';
import type { SaveStatus } from './useDraftAutosave';
import classes from './compose.module.css';

/** Whether the draft is saved, read out politely as it changes. */
export function SaveIndicator({ status, error }: { status: SaveStatus; error: unknown }) {
  const { t } = useTranslation();
  let content = null;
  if (status === 'pending' || status === 'saving') content = <Text size="sm" c="gray.7">{t('compose.saving')}</Text>;
  if (status === 'saved') {
    content = (
      <Text size="sm" c="teal.9" className={classes.saved}>
        <IconCheck size={16} aria-hidden="true" /> {t('compose.saved')}
      </Text>
    );
  }
  if (status === 'failed') {
    content = (
      <Text size="sm" c="red.8" className={classes.saved}>
        <IconAlertCircle size={16} aria-hidden="true" /> {t('compose.saveFailed', { reason: describeComposeError(t, error) })}
      </Text>
    );
  }
  return (
    <div aria-live="polite" className={classes.saveState}>
      {content}
    </div>
  );
}
