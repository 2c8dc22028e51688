import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Group, Modal, TextInput } from '@mantine/core';

export interface RenameDialogProps {
  /** The file's title now; the field starts with it. */
  title: string;
  busy: boolean;
  problem: string | null;
  onSave: (typed: string) => void;
  onCancel: () => void;
}

/** Asks a file's new title (spec §5 File rename); what counts as a change is useFileChanges' rule. Mount it per file. */
export function RenameDialog({ title, busy, problem, onSave, onCancel }: RenameDialogProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState(title);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSave(typed);
  };
  return (
    <Modal opened onClose={onCancel} title={t('blocks.files.renameTitle')} centered closeButtonProps={{ 'aria-label': t('common.close') }}>
      <form onSubmit={handleSubmit} noValidate>
        <TextInput label={t('blocks.files.renameLabel')} value={typed} onChange={(event) => setTyped(event.currentTarget.value)} maxLength={255} error={problem} data-autofocus mb="lg" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('blocks.files.renameSave')}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
