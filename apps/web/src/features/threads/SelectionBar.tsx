import { useTranslation } from 'react-i18next';
import { IconArchive, IconInbox, IconMail, IconMailOpened, IconTrash, IconX, type Icon } from '@tabler/icons-react';
import type { Folder, ThreadAction } from '@patio/core/schemas/posts';
import classes from './threads.module.css';

const ICONS: Record<ThreadAction, Icon> = { feed: IconInbox, archive: IconArchive, trash: IconTrash, read: IconMailOpened, unread: IconMail };

/** What may be done with selected threads of each folder (a thread is never moved where it is). */
export const ACTIONS_BY_FOLDER: Readonly<Record<Folder, readonly ThreadAction[]>> = {
  feed: ['archive', 'trash', 'read', 'unread'],
  archive: ['feed', 'trash', 'read', 'unread'],
  trash: ['feed', 'archive', 'read', 'unread'],
};

export interface SelectionBarProps {
  folder: Folder;
  count: number;
  isBusy: boolean;
  onAction: (action: ThreadAction) => void;
  onClear: () => void;
}

/** The actions on the selected threads: archive, trash, back to the inbox, read, unread. */
export function SelectionBar({ folder, count, isBusy, onAction, onClear }: SelectionBarProps) {
  const { t } = useTranslation();
  return (
    <div role="group" aria-label={t('threads.selection.actions')} className={classes.selectionBar}>
      <div className={classes.selectionHead}>
        <span className={classes.selectionCount}>{t('threads.selection.count', { count })}</span>
        <button type="button" className={classes.iconButton} onClick={onClear} aria-label={t('threads.selection.clear')}>
          <IconX size={18} aria-hidden="true" />
        </button>
      </div>
      <div className={classes.selectionActions}>
        {ACTIONS_BY_FOLDER[folder].map((action) => {
          const ActionIcon = ICONS[action];
          return (
            <button key={action} type="button" className={classes.actionButton} disabled={isBusy} onClick={() => onAction(action)}>
              <ActionIcon size={18} aria-hidden="true" />
              <span>{t(`threads.selection.${action}`)}</span>
            </button>
          );
        })}
      </div>
    </div>
  );
}
