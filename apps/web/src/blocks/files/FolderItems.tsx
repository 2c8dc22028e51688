import { useTranslation } from 'react-i18next';
import { CloseButton } from '@mantine/core';
import type { FileResource } from '@patio/core/schemas/blocks';
import { FileIcon } from '../../ui/FileIcon';
import { useLoadableAddress } from '../uploads/address';
import { fileTitle, useFormatSize } from './fileLooks';
import classes from './files.module.css';

export interface FolderItemsProps {
  files: readonly FileResource[];
  onRename: (file: FileResource) => void;
  onDelete: (file: FileResource) => void;
}

/** Spec §2 folder view: thumbnails (or an icon by type) with the title, which renames, and a delete cross. */
export function FolderItems({ files, onRename, onDelete }: FolderItemsProps) {
  const { t } = useTranslation();
  const load = useLoadableAddress();
  const formatSize = useFormatSize();
  return (
    <ul className={classes.tiles} aria-label={t('blocks.files.list')}>
      {files.map((file) => {
        const title = fileTitle(file);
        const thumbnail = load(file.thumbnail);
        return (
          <li key={file.id} className={classes.tile}>
            <div className={classes.tileMedia}>
              {thumbnail ? <img src={thumbnail} alt="" className={classes.tileImage} loading="lazy" /> : <FileIcon mimetype={file.mimetype} size={36} />}
            </div>
            <CloseButton className={classes.tileDelete} size="lg" aria-label={t('blocks.files.delete', { name: title })} onClick={() => onDelete(file)} />
            <button type="button" className={classes.tileTitle} onClick={() => onRename(file)} aria-label={t('blocks.files.rename', { name: title })} title={title}>
              {title}
            </button>
            <span className={classes.tileSize}>{formatSize(file.size)}</span>
          </li>
        );
      })}
    </ul>
  );
}
