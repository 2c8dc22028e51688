import { lazy, Suspense } from 'react';
import { Loader } from '@mantine/core';
import type { BlockViewProps } from '../types';
import { filesFolderOf } from '../blockUrl';
import { FilesRead } from './FilesRead';

// The drop zone and the dialogs load only when an author edits the block.
const FolderView = lazy(() => import('./FolderView').then((m) => ({ default: m.FolderView })));

/** Spec §4 Files block: gallery mode is options.gallery = 1, and none otherwise. */
export function isGalleryMode(options: Record<string, unknown>): boolean {
  return options.gallery === 1;
}

/** The options with gallery mode switched on or off (off removes the key, as the spec stores it). */
export function withGalleryMode(options: Record<string, unknown>, on: boolean): Record<string, string | number | boolean | null> {
  const { gallery: _gallery, ...rest } = options as Record<string, string | number | boolean | null>;
  return on ? { ...rest, gallery: 1 } : rest;
}

/** The files block (spec §2 file folder view, §4 files block): read list or gallery, or the folder to edit. */
export function FilesBlock({ block, postId, mode, onChange }: BlockViewProps) {
  const folder = filesFolderOf(block.url, postId);
  if (!folder) return null;
  const isGallery = isGalleryMode(block.options);
  if (mode === 'edit') {
    return (
      <Suspense fallback={<Loader size="xs" />}>
        <FolderView folder={folder} isGallery={isGallery} onGalleryChange={(on) => onChange({ options: withGalleryMode(block.options, on) })} />
      </Suspense>
    );
  }
  return <FilesRead folder={folder} isGallery={isGallery} />;
}
