import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { IconArchive, IconInbox, IconSend, IconTrash, type Icon } from '@tabler/icons-react';
import type { Folder } from '@patio/core/schemas/posts';
import classes from './threads.module.css';

const FOLDERS: ReadonlyArray<{ folder: Folder | 'sent'; to: string; icon: Icon }> = [
  { folder: 'feed', to: '/inbox', icon: IconInbox },
  { folder: 'archive', to: '/archive', icon: IconArchive },
  { folder: 'trash', to: '/trash', icon: IconTrash },
  { folder: 'sent', to: '/sent', icon: IconSend },
];

/** Inbox, archive and trash (and the sent posts beside them), the current one marked. */
export function FolderSwitcher({ current }: { current: Folder }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('threads.folders.label')} className={classes.folders}>
      {FOLDERS.map(({ folder, to, icon: FolderIcon }) => (
        <Link key={folder} to={to} className={classes.folder} aria-current={folder === current ? 'page' : undefined}>
          <FolderIcon size={18} aria-hidden="true" />
          <span>{t(`threads.folders.${folder}`)}</span>
        </Link>
      ))}
    </nav>
  );
}
