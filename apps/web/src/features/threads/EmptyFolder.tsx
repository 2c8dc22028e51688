import { useTranslation } from 'react-i18next';
import { IconArchive, IconFilterOff, IconInbox, IconTrash } from '@tabler/icons-react';
import type { Folder } from '@patio/core/schemas/posts';
import { StatusMessage } from '../../ui/StatusMessage';

const ICONS = { feed: IconInbox, archive: IconArchive, trash: IconTrash } as const;

export interface EmptyFolderProps {
  folder: Folder;
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
  return <StatusMessage icon={<FolderIcon size={36} />} title={t(`threads.empty.${folder}.title`)} body={t(`threads.empty.${folder}.body`)} />;
}
