import { useTranslation } from 'react-i18next';
import { Button, Group } from '@mantine/core';
import { describeError } from '../app/api/describeError';
import { Notice } from './Notice';

/** A section whose data could not be loaded: why, in words, and a button to ask again. */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs">
      <Notice tone="error">{describeError(t, error)}</Notice>
      <Button variant="subtle" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </Group>
  );
}
