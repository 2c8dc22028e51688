import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, FileButton, Group, Loader, Switch, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconCamera, IconCloudUpload } from '@tabler/icons-react';
import { UPLOAD_MAX_BYTES } from '@patio/core/constants';
import type { FileResource } from '@patio/core/schemas/blocks';
import { describeError } from '../../app/api/describeError';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Notice } from '../../ui/Notice';
import { Snackbar } from '../../ui/Snackbar';
import { UploadProgress } from '../../ui/UploadProgress';
import { fileTitle, useFormatSize } from './fileLooks';
import { FolderItems } from './FolderItems';
import { RenameDialog } from './RenameDialog';
import { useFileChanges, useFiles } from './useFiles';
import { useFolderUpload } from './useFolderUpload';
import classes from './files.module.css';
import '@mantine/dropzone/styles.css';

export interface FolderViewProps {
  folder: string;
  isGallery: boolean;
  onGalleryChange: (on: boolean) => Promise<void>;
}

/**
 * Spec §2 file folder view, the files block in edit mode: gallery mode, the 'tap here to upload
 * files' drop zone (and the phone's camera), the upload's progress, and the files with their title
 * (tap to rename) and a delete cross that asks first (confirm.deleteFile).
 */
export function FolderView({ folder, isGallery, onGalleryChange }: FolderViewProps) {
  const { t } = useTranslation();
  const formatSize = useFormatSize();
  const files = useFiles(folder);
  const uploads = useFolderUpload(folder);
  const changes = useFileChanges(folder);
  const [renaming, setRenaming] = useState<FileResource | null>(null);
  const [deleting, setDeleting] = useState<FileResource | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [renameProblem, setRenameProblem] = useState<string | null>(null);

  // The switch follows the tap at once; it goes back if the server refuses.
  const [galleryChoice, setGalleryChoice] = useState<boolean | null>(null);
  const handleGallery = async (on: boolean) => {
    setProblem(null);
    setGalleryChoice(on);
    try {
      await onGalleryChange(on);
    } catch (error) {
      setGalleryChoice(null);
      setProblem(describeError(t, error));
    }
  };
  const handleRename = async (typed: string) => {
    if (!renaming) return;
    setBusy(true);
    setRenameProblem(null);
    try {
      await changes.rename(renaming, typed);
      setRenaming(null);
    } catch (error) {
      setRenameProblem(describeError(t, error));
    } finally {
      setBusy(false);
    }
  };
  const handleDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    setProblem(null);
    try {
      await changes.remove(deleting);
    } catch (error) {
      setProblem(describeError(t, error));
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  };

  return (
    <div className={classes.folder}>
      <Switch label={t('blocks.files.galleryMode')} checked={galleryChoice ?? isGallery} onChange={(event) => void handleGallery(event.currentTarget.checked)} />
      <Dropzone
        onDrop={(dropped) => void uploads.upload(dropped)}
        multiple
        disabled={uploads.progress !== null}
        className={classes.dropzone}
        // The zone itself is the control (Enter or Space opens the picker), named by all it says (WCAG 2.5.3);
        // its input stays out of reach, or it would be a second control nested in the first.
        role="button"
        inputProps={{ 'aria-hidden': true, style: { display: 'none' } }}
      >
        <div className={classes.dropzoneInner}>
          <IconCloudUpload size={32} aria-hidden="true" />
          <Text fw={600}>{t('blocks.files.dropzone')}</Text>
          <Text size="sm" c="dimmed">
            {t('blocks.files.dropzoneHint', { size: formatSize(UPLOAD_MAX_BYTES) })}
          </Text>
        </div>
      </Dropzone>
      <Group gap="xs">
        <FileButton onChange={(file) => file && void uploads.upload([file], 'cameraFile')} accept="image/*" capture="environment" disabled={uploads.progress !== null}>
          {(props) => (
            <Button {...props} variant="default" size="sm" leftSection={<IconCamera size={18} aria-hidden="true" />}>
              {t('blocks.files.camera')}
            </Button>
          )}
        </FileButton>
      </Group>
      {uploads.progress && (
        <UploadProgress
          loaded={uploads.progress.loaded}
          total={uploads.progress.total}
          label={t('blocks.files.uploading', { count: uploads.progress.count })}
          formatSize={formatSize}
          cancelLabel={t('common.cancel')}
          onCancel={uploads.cancel}
        />
      )}
      {problem && <Notice tone="error">{problem}</Notice>}
      {files.isPending && <Loader role="status" size="xs" aria-label={t('common.loading')} />}
      {files.isError && <Notice tone="error">{t('blocks.files.loadFailed')}</Notice>}
      {files.data &&
        (files.data.length > 0 ? (
          <FolderItems files={files.data} onRename={(file) => setRenaming(file)} onDelete={(file) => setDeleting(file)} />
        ) : (
          <Text size="sm" c="dimmed">
            {t('blocks.files.empty')}
          </Text>
        ))}
      {renaming && (
        <RenameDialog
          key={renaming.id}
          title={fileTitle(renaming)}
          busy={busy}
          problem={renameProblem}
          onSave={(typed) => void handleRename(typed)}
          onCancel={() => {
            setRenaming(null);
            setRenameProblem(null);
          }}
        />
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title={t('blocks.files.deleteTitle', { name: deleting ? fileTitle(deleting) : '' })}
        message={t('blocks.files.confirm.deleteFile')}
        confirmLabel={t('blocks.files.deleteConfirm')}
        cancelLabel={t('common.cancel')}
        closeLabel={t('common.close')}
        busy={busy}
        onConfirm={() => void handleDelete()}
        onCancel={() => setDeleting(null)}
      />
      <Snackbar opened={uploads.failed} message={t('blocks.files.uploadFailed')} closeLabel={t('common.close')} onClose={uploads.dismissFailure} />
    </div>
  );
}
