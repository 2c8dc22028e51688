import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Loader, Modal, Text } from '@mantine/core';
import { IconFilePencil, IconPlus } from '@tabler/icons-react';
import { formatPostDate } from '@patio/core/format/dates';
import { RefusalMessage } from '../../app/RefusalMessage';
import { useDrafts } from './useDrafts';
import classes from './compose.module.css';

export interface DraftsDialogProps {
  opened: boolean;
  onClose: () => void;
  me: number | null;
  /** The draft open in the editor, marked in the list. */
  currentId: number | null;
}

/** The author's saved drafts, each reopened in the editor; and a way to start a new message. */
export function DraftsDialog({ opened, onClose, me, currentId }: DraftsDialogProps) {
  const { t, i18n } = useTranslation();
  const drafts = useDrafts(me, opened);
  const items = drafts.data?.items ?? [];
  const now = drafts.dataUpdatedAt;

  let body;
  if (drafts.isPending) body = <Loader role="status" size="sm" aria-label={t('common.loading')} />;
  else if (drafts.isError) body = <RefusalMessage error={drafts.error} onRetry={() => void drafts.refetch()} />;
  else if (items.length === 0) body = <Text c="gray.7">{t('compose.drafts.empty')}</Text>;
  else {
    body = (
      <ul className={classes.draftList}>
        {items.map((draft) => (
          <li key={draft.id}>
            <Link to={`/compose?draft=${draft.id}`} className={classes.draftItem} onClick={onClose} aria-current={draft.id === currentId ? 'true' : undefined}>
              <IconFilePencil size={20} aria-hidden="true" />
              <span className={classes.resultText}>
                <span className={classes.resultName}>{draft.title.trim() || t('compose.drafts.untitled')}</span>
                <span className={classes.resultMeta}>
                  {t('compose.drafts.savedAt', { date: formatPostDate(draft.updatedAt, now, i18n.language) })}
                  {draft.id === currentId ? ` · ${t('compose.drafts.current')}` : ''}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Modal opened={opened} onClose={onClose} title={t('compose.drafts.title')} closeButtonProps={{ 'aria-label': t('common.close') }}>
      {body}
      <Link to="/compose" className={classes.newMessage} onClick={onClose}>
        <IconPlus size={18} aria-hidden="true" /> {t('compose.drafts.newMessage')}
      </Link>
    </Modal>
  );
}
