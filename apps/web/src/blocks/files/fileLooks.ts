import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@patio/core/format/bytes';
import type { FileResource } from '@patio/core/schemas/blocks';
import type { GalleryImage } from '../../ui/Gallery';

/** Byte sizes with the core formatter in the reader's language (spec §9). */
export function useFormatSize(): (bytes: number) => string {
  const { i18n } = useTranslation();
  return useCallback((bytes: number) => formatBytes(Math.max(0, bytes), i18n.language), [i18n.language]);
}

/** The name a file shows: its title, else the name it was uploaded with. */
export const fileTitle = (file: FileResource) => file.title.trim() || file.name;

/** True for a file with image renditions (the server makes them for raster images only). */
export const isImageFile = (file: FileResource) => file.thumbnail !== null && file.preview !== null;

/** A file as the gallery shows it, every address made loadable; null when one is missing. */
export function toGalleryImage(file: FileResource, load: (address: string | null) => string | null): GalleryImage | null {
  const thumbnail = load(file.thumbnail);
  const preview = load(file.preview);
  if (!thumbnail || !preview) return null;
  return {
    key: file.id,
    title: fileTitle(file),
    thumbnail,
    preview,
    large: load(file.large) ?? preview,
    width: file.width,
    height: file.height,
  };
}
