import { useTranslation } from 'react-i18next';
import { Button, Group, Loader } from '@mantine/core';
import { Notice } from '../../ui/Notice';
import { Gallery, type GalleryImage } from '../../ui/Gallery';
import { useLoadableAddress } from '../uploads/address';
import { FileList } from './FileList';
import { isImageFile, toGalleryImage } from './fileLooks';
import { useFiles } from './useFiles';

export interface FilesReadProps {
  folder: string;
  isGallery: boolean;
}

/**
 * A files block in read mode: a list, or in gallery mode (spec §4) the images as a gallery with the
 * other files listed under it. An empty folder shows nothing to readers.
 */
export function FilesRead({ folder, isGallery }: FilesReadProps) {
  const { t } = useTranslation();
  const load = useLoadableAddress();
  const files = useFiles(folder);

  if (files.isPending) return <Loader role="status" size="xs" aria-label={t('common.loading')} />;
  if (files.isError) {
    return (
      <Notice tone="error">
        <Group justify="space-between" gap="xs">
          <span>{t('blocks.files.loadFailed')}</span>
          <Button size="xs" variant="default" onClick={() => void files.refetch()}>
            {t('common.retry')}
          </Button>
        </Group>
      </Notice>
    );
  }
  if (!isGallery) return files.data.length > 0 ? <FileList files={files.data} /> : null;

  const images: GalleryImage[] = [];
  const others = [];
  for (const file of files.data) {
    const image = isImageFile(file) ? toGalleryImage(file, load) : null;
    if (image) images.push(image);
    else others.push(file);
  }
  return (
    <>
      {images.length > 0 && <Gallery images={images} label={t('blocks.gallery.label')} />}
      {others.length > 0 && <FileList files={others} />}
    </>
  );
}
