import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { formatBytes } from '@patio/core/format/bytes';
import type { SubmissionLine } from '@patio/core/schemas/classroom';
import { downloadWithToken } from '../../app/api/downloadWithToken';
import { useSessionState } from '../../app/services';
import { FileIcon } from '../../ui/FileIcon';
import classes from './submissions.module.css';

type SubmissionFile = SubmissionLine['files'][number];

/** The server's address of a file (relative to the school's API, read with the token), as an attachment. */
export const downloadPathOf = (file: SubmissionFile) => `${file.url}${file.url.includes('?') ? '&' : '?'}download=1`;

/** One file the student turned in: a button that saves it (the address needs the bearer token a plain link lacks). */
function SubmissionFileButton({ file }: { file: SubmissionFile }) {
  const { t, i18n } = useTranslation();
  const baseUrl = useSessionState((s) => s.url);
  const token = useSessionState((s) => s.token);
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const download = async () => {
    setState('busy');
    try {
      await downloadWithToken({ baseUrl, token, path: downloadPathOf(file), fallbackName: file.name });
      setState('idle');
    } catch {
      setState('failed');
    }
  };
  return (
    <li>
      <Button
        variant="subtle"
        classNames={{ root: classes.file, label: classes.fileLabel }}
        leftSection={<FileIcon mimetype={file.mimetype} size={20} />}
        rightSection={<IconDownload size={16} aria-hidden="true" />}
        loading={state === 'busy'}
        onClick={() => void download()}
        // The name is what shows (the list says these are the files turned in); the verb is a hint.
        title={t('teaching.submissions.download', { name: file.name, size: formatBytes(file.size, i18n.language) })}
      >
        <span className={classes.fileName}>{file.name}</span>{' '}
        <span className={classes.fileSize}>{formatBytes(file.size, i18n.language)}</span>
      </Button>
      {state === 'failed' && (
        <p role="alert" className={classes.fileProblem}>
          {t('teaching.submissions.downloadFailed', { name: file.name })}
        </p>
      )}
    </li>
  );
}

/** The files a student turned in, each saved from the address the server gives. */
export function SubmissionFiles({ files }: { files: SubmissionFile[] }) {
  const { t } = useTranslation();
  if (files.length === 0) return null;
  return (
    <ul className={classes.files} aria-label={t('teaching.submissions.files')}>
      {files.map((file) => (
        <SubmissionFileButton key={file.id} file={file} />
      ))}
    </ul>
  );
}
