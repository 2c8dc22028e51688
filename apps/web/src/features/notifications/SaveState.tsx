import { useTranslation } from 'react-i18next';
import { Button, Group, Text } from '@mantine/core';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import { describeSaveError } from './describeSaveError';
import type { SaveStatus } from './useSettingsAutosave';

export interface SaveStateProps {
  status: SaveStatus;
  error: unknown;
  onRetry: () => void;
}

/** Whether the latest change is saved, read out politely; a failure says why and offers to try again. */
export function SaveState({ status, error, onRetry }: SaveStateProps) {
  const { t } = useTranslation();
  let content = <Text size="sm" c="dark.5">{t('notificationSettings.save.auto')}</Text>;
  if (status === 'pending' || status === 'saving') content = <Text size="sm" c="dark.5">{t('notificationSettings.save.saving')}</Text>;
  if (status === 'saved') {
    content = (
      <Text size="sm" c="teal.9" data-testid="notification-settings-saved">
        <IconCheck size={16} aria-hidden="true" /> {t('notificationSettings.save.saved')}
      </Text>
    );
  }
  if (status === 'invalid') content = <Text size="sm" c="red.9">{t('notificationSettings.save.invalid')}</Text>;
  return (
    <div>
      <div aria-live="polite">{status !== 'failed' && content}</div>
      {status === 'failed' && (
        <Group gap="xs" role="alert" data-testid="notification-settings-failed">
          <Text size="sm" c="red.9">
            <IconAlertCircle size={16} aria-hidden="true" /> {t('notificationSettings.save.failed', { reason: describeSaveError(t, error) })}
          </Text>
          <Button variant="subtle" size="compact-sm" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        </Group>
      )}
    </div>
  );
}
