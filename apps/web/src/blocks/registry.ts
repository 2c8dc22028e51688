import type { ComponentType } from 'react';
import { IconBrandGoogleDrive, IconBrandYoutube, IconCode, IconFiles, IconForms, IconPhoto, IconTextSize, type Icon } from '@tabler/icons-react';
import type { BlockType } from '@patio/core/schemas/blocks';
import { FilesBlock } from './files/FilesBlock';
import { FormBlock } from './form';
import { DriveBlock } from './googleDocument/DriveBlock';
import { HtmlBlock } from './html/HtmlBlock';
import { ImageBlock } from './image/ImageBlock';
import type { BlockViewProps } from './types';
import { LegacyBlock } from './v3/LegacyBlock';
import { VideoBlock } from './youtube/VideoBlock';

export interface BlockKind {
  View: ComponentType<BlockViewProps>;
  icon: Icon;
  /** i18n key of the type's name. */
  label: `blocks.frame.types.${BlockType}`;
}

/** Every block type of spec §3 with its view, icon and name (DESIGN: one folder per type). */
export const BLOCK_KINDS: Record<BlockType, BlockKind> = {
  files: { View: FilesBlock, icon: IconFiles, label: 'blocks.frame.types.files' },
  form: { View: FormBlock, icon: IconForms, label: 'blocks.frame.types.form' },
  html: { View: HtmlBlock, icon: IconTextSize, label: 'blocks.frame.types.html' },
  image: { View: ImageBlock, icon: IconPhoto, label: 'blocks.frame.types.image' },
  v3: { View: LegacyBlock, icon: IconCode, label: 'blocks.frame.types.v3' },
  youtube: { View: VideoBlock, icon: IconBrandYoutube, label: 'blocks.frame.types.youtube' },
  googleDocument: { View: DriveBlock, icon: IconBrandGoogleDrive, label: 'blocks.frame.types.googleDocument' },
};

/** The types an author may add while composing, in menu order. */
export const ADDABLE_TYPES: readonly BlockType[] = ['html', 'files', 'image', 'form', 'youtube', 'googleDocument', 'v3'];

/** The kind of a block type; unknown types (a newer server) answer null and are left out. */
export function blockKindOf(type: string): BlockKind | null {
  return Object.hasOwn(BLOCK_KINDS, type) ? BLOCK_KINDS[type as BlockType] : null;
}
