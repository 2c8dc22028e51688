import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { IconArchive, IconEyeOff, IconInbox, IconSend, IconTrash, type Icon } from '@tabler/icons-react';
import type { Folder } from '@patio/core/schemas/posts';
import { useHiddenTypes } from '../posts';
import classes from './threads.module.css';

type SwitcherEntry = Folder | 'sent' | 'hidden';

const FOLDERS: ReadonlyArray<{ folder: SwitcherEntry; to: string; icon: Icon; label: string }> = [
  { folder: 'feed', to: '/inbox', icon: IconInbox, label: 'threads.folders.feed' },
  { folder: 'archive', to: '/archive', icon: IconArchive, label: 'threads.folders.archive' },
  { folder: 'trash', to: '/trash', icon: IconTrash, label: 'threads.folders.trash' },
  { folder: 'sent', to: '/sent', icon: IconSend, label: 'threads.folders.sent' },
  { folder: 'hidden', to: '/hidden', icon: IconEyeOff, label: 'hiddenThreads.folder' },
];

/**
 * Inbox, archive and trash (and the sent posts beside them), the current one marked; hidden messages
 * too where the school hides a post type from lists (or while they are open).
 */
export function FolderSwitcher({ current }: { current: Folder | 'hidden' }) {
  const { t } = useTranslation();
  const hasHiddenTypes = (useHiddenTypes()?.length ?? 0) > 0;
  const shown = FOLDERS.filter(({ folder }) => folder !== 'hidden' || hasHiddenTypes || current === 'hidden');
  const navRef = useRef<HTMLElement>(null);
  // On a narrow phone with long labels the row scrolls: the open folder is brought into view.
  useEffect(() => {
    navRef.current?.querySelector('[aria-current="page"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [current, shown.length]);
  return (
    <nav ref={navRef} aria-label={t('threads.folders.label')} className={classes.folders}>
      {shown.map(({ folder, to, icon: FolderIcon, label }) => (
        <Link key={folder} to={to} className={classes.folder} aria-current={folder === current ? 'page' : undefined}>
          <FolderIcon size={18} aria-hidden="true" />
          <span>{t(label)}</span>
        </Link>
      ))}
    </nav>
  );
}
