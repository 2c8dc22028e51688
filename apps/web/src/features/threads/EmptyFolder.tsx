import { useTranslation } from 'react-i18next';
import { IconArchive, IconEyeOff, IconFilterOff, IconInbox, IconTrash } from '@tabler/icons-react';
import type { Folder } from '@patio/core/schemas/posts';
import { StatusMessage } from '../../ui/StatusMessage';

const ICONS = { feed: IconInbox, archive: IconArchive, trash: IconTrash, hidden: IconEyeOff } as const;
const TEXTS = {
  feed: 'threads.empty.feed',
  archive: 'threads.empty.archive',
  trash: 'threads.empty.trash',
  hidden: 'hiddenThreads.empty',
} as const;

export interface EmptyFolderProps {
  /** A folder, or hidden messages (/hidden). */
  folder: Folder | 'hidden';
  isFiltered: boolean;
  onClearFilters: () => void;
}

/** What an empty folder says: what lands here and how, or that the filters hide everything. */
export function EmptyFolder({ folder, isFiltered, onClearFilters }: EmptyFolderProps) {
  const { t } = useTranslation();
  if (isFiltered) {
    return (
      <StatusMessage
        icon={<IconFilterOff size={36} />}
        title={t('threads.empty.filtered.title')}
        body={t('threads.empty.filtered.body')}
        actions={[{ label: t('threads.filters.clear'), onClick: onClearFilters }]}
      />
    );
  }
  const FolderIcon = ICONS[folder];
  return <StatusMessage icon={<FolderIcon size={36} />} title={t(`${TEXTS[folder]}.title`)} body={t(`${TEXTS[folder]}.body`)} />;
}
