import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionIcon } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { FileResource } from '@patio/core/schemas/blocks';
import { DownloadDialog, type DownloadTarget } from '../../ui/DownloadDialog';
import { FileIcon } from '../../ui/FileIcon';
import { useLoadableAddress } from '../uploads/address';
import { fileTitle, useFormatSize } from './fileLooks';
import classes from './files.module.css';

export interface FileListProps {
  files: readonly FileResource[];
}

/** A files block as its readers see it (not in gallery mode): each file with its thumbnail or icon, size and download. */
export function FileList({ files }: FileListProps) {
  const { t } = useTranslation();
  const load = useLoadableAddress();
  const formatSize = useFormatSize();
  const [downloading, setDownloading] = useState<DownloadTarget | null>(null);
  const close = useCallback(() => setDownloading(null), []);

  return (
    <>
      <ul className={classes.list} aria-label={t('blocks.files.list')}>
        {files.map((file) => {
          const title = fileTitle(file);
          const thumbnail = load(file.thumbnail);
          const download = load(file.downloadUrl);
          return (
            <li key={file.id} className={classes.row}>
              {thumbnail ? <img src={thumbnail} alt="" className={classes.rowThumb} loading="lazy" /> : <FileIcon mimetype={file.mimetype} className={classes.rowIcon} />}
              <span className={classes.rowText}>
                <span className={classes.rowTitle}>{title}</span>
                <span className={classes.rowSize}>{formatSize(file.size)}</span>
              </span>
              {download && (
                <ActionIcon variant="light" size="lg" aria-label={t('blocks.files.download', { name: title })} onClick={() => setDownloading({ url: download, name: file.name || title, size: file.size })}>
                  <IconDownload size={18} aria-hidden="true" />
                </ActionIcon>
              )}
            </li>
          );
        })}
      </ul>
      {downloading && <DownloadDialog key={downloading.url} file={downloading} formatSize={formatSize} onClose={close} />}
    </>
  );
}
