import { useTranslation } from 'react-i18next';
import { ActionIcon } from '@mantine/core';
import { IconDownload, IconX } from '@tabler/icons-react';
import { formatBytes } from '@patio/core/format/bytes';
import type { SubmissionFile } from './submissionFile';
import { FileIcon } from '../../ui/FileIcon';
import classes from './classroom.module.css';

export interface SubmissionFilesProps {
  files: readonly SubmissionFile[];
  /** Saves a copy of the file (one just uploaded has no address until the work is saved). */
  onOpen?: (file: SubmissionFile) => void;
  /** Takes the file out of the work (while it can still be changed). */
  onRemove?: (file: SubmissionFile) => void;
  disabled?: boolean;
}

/** The files of a submission: icon, name and size, with "save a copy" and "remove" where they apply. */
export function SubmissionFiles({ files, onOpen, onRemove, disabled = false }: SubmissionFilesProps) {
  const { t, i18n } = useTranslation();
  if (files.length === 0) return null;
  return (
    <ul className={classes.files} aria-label={t('classroom.work.files')}>
      {files.map((file) => (
        <li key={file.id} className={classes.file}>
          <FileIcon mimetype={file.mimetype} size={24} />
          <span className={classes.fileName}>{file.name}</span>
          <span className={classes.fileSize}>{formatBytes(file.size, i18n.language)}</span>
          {onOpen && file.url !== '' && (
            <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('classroom.work.openFile', { name: file.name })} onClick={() => onOpen(file)}>
              <IconDownload size={18} aria-hidden="true" />
            </ActionIcon>
          )}
          {onRemove && (
            <ActionIcon variant="subtle" color="gray" size="lg" disabled={disabled} aria-label={t('classroom.work.removeFile', { name: file.name })} onClick={() => onRemove(file)}>
              <IconX size={18} aria-hidden="true" />
            </ActionIcon>
          )}
        </li>
      ))}
    </ul>
  );
}
