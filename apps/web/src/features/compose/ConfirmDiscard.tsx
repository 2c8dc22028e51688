import { useTranslation } from 'react-i18next';
import { Button, Group, Modal, Text } from '@mantine/core';

export interface ConfirmDiscardProps {
  opened: boolean;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Spec §5 deletion prompts: a draft is discarded only after saying so. */
export function ConfirmDiscard({ opened, busy, onConfirm, onCancel }: ConfirmDiscardProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onCancel} title={t('compose.discard.title')} centered closeButtonProps={{ 'aria-label': t('common.close') }}>
      <Text mb="lg">{t('compose.discard.body')}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} data-autofocus>
          {t('common.cancel')}
        </Button>
        <Button color="red" onClick={onConfirm} loading={busy}>
          {t('compose.discard.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
