import { useTranslation } from 'react-i18next';
import { Button, Group, Modal, Text } from '@mantine/core';
import type { FormField } from '@patio/core/schemas/blocks';

export interface ConfirmRemoveFieldProps {
  /** The question about to go, with its 1-based number; null while nothing is asked. */
  target: { field: FormField; number: number } | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Spec §5 Form editor: removing a question asks first (Delete / Cancel). */
export function ConfirmRemoveField({ target, onConfirm, onCancel }: ConfirmRemoveFieldProps) {
  const { t } = useTranslation();
  const title = target?.field.title.trim();
  return (
    <Modal opened={target !== null} onClose={onCancel} title={t('blocks.form.confirmRemove.title')} centered closeButtonProps={{ 'aria-label': t('common.close') }}>
      <Text mb="lg">
        {title ? t('blocks.form.confirmRemove.body', { title }) : t('blocks.form.confirmRemove.bodyUntitled', { number: target?.number ?? 0 })}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} data-autofocus>
          {t('common.cancel')}
        </Button>
        {/* red.8 keeps white text at 5.9:1 (red.6 reaches only 3.3:1). */}
        <Button color="red.8" onClick={onConfirm}>
          {t('blocks.form.confirmRemove.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
