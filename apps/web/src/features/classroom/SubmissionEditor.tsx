import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, FileButton, Group, Textarea } from '@mantine/core';
import { IconCamera, IconPaperclip, IconSend } from '@tabler/icons-react';
import { UPLOAD_MAX_BYTES } from '@patio/core/constants';
import { formatBytes } from '@patio/core/format/bytes';
import { MAX_SUBMISSION_FILES, MAX_SUBMISSION_TEXT, type Submission, type SubmissionInput } from '@patio/core/schemas/classroom';
import type { FilePart } from '../../blocks/uploads/sendFiles';
import { UploadProgress } from '../../ui/UploadProgress';
import { Notice } from '../../ui/Notice';
import { TooManyFiles } from './submissionErrors';
import { SubmissionFiles } from './SubmissionFiles';
import { useSubmissionUpload } from './useSubmissionUpload';
import classes from './classroom.module.css';
import type { SubmissionFile } from './submissionFile';

/** Images (a photo of the notebook) and PDFs: what a phone's picker and camera give. */
export const SUBMISSION_ACCEPT = 'image/*,application/pdf';

/** A phone or tablet: there the camera gets a button of its own. */
const hasTouchScreen = () => typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;

export interface SubmissionEditorProps {
  submission: Submission;
  dueDate: string | null;
  /** Whose folder the files go to: the signed-in person's own (a relative who may turn in attaches their own uploads). */
  uploaderId: number;
  busy: boolean;
  /** Saves or turns in; the saved work, or null when it failed (the panel says why). */
  onSubmit: (input: SubmissionInput) => Promise<Submission | null>;
  onProblem: (error: unknown) => void;
  onOpen?: (file: SubmissionFile) => void;
}

/**
 * The work while it can change: the answer's text, files uploaded from the device (the camera on a
 * phone), "Save" and "Turn in". A new or removed file is saved at once, so nothing uploaded is lost.
 */
export function SubmissionEditor({ submission, dueDate, uploaderId, busy, onSubmit, onProblem, onOpen }: SubmissionEditorProps) {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState(submission.text);
  const [files, setFiles] = useState<SubmissionFile[]>(submission.files);
  const uploads = useSubmissionUpload(uploaderId);
  const [isTouch] = useState(hasTouchScreen);
  // Read once when the work opens: a due date passing while it is open shows on the next visit.
  const [openedAt] = useState(Date.now);
  const isPastDue = dueDate !== null && Date.parse(dueDate) < openedAt;
  const isWorking = busy || uploads.progress !== null;
  const ids = (list: readonly SubmissionFile[]) => list.map((f) => f.id);

  const handleFiles = async (chosen: File[], field: FilePart['field']) => {
    if (chosen.length === 0) return;
    if (files.length + chosen.length > MAX_SUBMISSION_FILES) {
      onProblem(new TooManyFiles());
      return;
    }
    try {
      const added = await uploads.upload(chosen, field);
      if (!added) return;
      const next = [...files, ...added];
      setFiles(next);
      const saved = await onSubmit({ text, files: ids(next), turnIn: false });
      if (saved) setFiles(saved.files);
    } catch (error) {
      onProblem(error);
    }
  };

  const handleRemove = async (file: SubmissionFile) => {
    const next = files.filter((f) => f.id !== file.id);
    setFiles(next);
    const saved = await onSubmit({ text, files: ids(next), turnIn: false });
    setFiles(saved ? saved.files : files);
  };

  return (
    <div className={classes.editor}>
      <Textarea
        label={t('classroom.work.text')}
        description={t('classroom.work.textHint')}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        autosize
        minRows={3}
        maxRows={14}
        maxLength={MAX_SUBMISSION_TEXT}
        disabled={busy}
      />
      <SubmissionFiles files={files} onOpen={onOpen} onRemove={(file) => void handleRemove(file)} disabled={isWorking} />
      <Group gap="xs">
            <FileButton multiple accept={SUBMISSION_ACCEPT} onChange={(chosen: File[]) => void handleFiles(chosen, 'file')} disabled={isWorking}>
              {(props) => (
                <Button {...props} variant="default" leftSection={<IconPaperclip size={18} aria-hidden="true" />}>
                  {t('classroom.work.addFiles')}
                </Button>
              )}
            </FileButton>
            {isTouch && (
              <FileButton accept="image/*" capture="environment" onChange={(photo: File | null) => photo && void handleFiles([photo], 'cameraFile')} disabled={isWorking}>
                {(props) => (
                  <Button {...props} variant="default" leftSection={<IconCamera size={18} aria-hidden="true" />}>
                    {t('classroom.work.camera')}
                  </Button>
                )}
              </FileButton>
            )}
      </Group>
      <p className={classes.hint}>{t('classroom.work.filesHint', { size: formatBytes(UPLOAD_MAX_BYTES, i18n.language) })}</p>
      {uploads.progress && (
        <UploadProgress
          loaded={uploads.progress.loaded}
          total={uploads.progress.total}
          label={t('classroom.work.uploading', { count: uploads.progress.count })}
          formatSize={(bytes) => formatBytes(bytes, i18n.language)}
          cancelLabel={t('common.cancel')}
          onCancel={uploads.cancel}
        />
      )}
      {isPastDue && <Notice>{t('classroom.work.lateWarning')}</Notice>}
      <Group gap="xs" className={classes.actions}>
        <Button variant="default" onClick={() => void onSubmit({ text, files: ids(files), turnIn: false })} disabled={isWorking}>
          {t('classroom.work.save')}
        </Button>
        <Button onClick={() => void onSubmit({ text, files: ids(files), turnIn: true })} loading={busy} disabled={uploads.progress !== null} leftSection={<IconSend size={18} aria-hidden="true" />}>
          {submission.status === 'returned' ? t('classroom.work.turnInAgain') : t('classroom.work.turnIn')}
        </Button>
      </Group>
    </div>
  );
}
