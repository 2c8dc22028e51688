import {
  IconFile,
  IconFileSpreadsheet,
  IconFileText,
  IconFileTypeDoc,
  IconFileTypePdf,
  IconFileTypePpt,
  IconFileZip,
  IconMovie,
  IconMusic,
  IconPhoto,
  type Icon,
} from '@tabler/icons-react';

export type FileKind = 'image' | 'video' | 'audio' | 'pdf' | 'spreadsheet' | 'presentation' | 'document' | 'archive' | 'text' | 'other';

const KINDS: Array<[RegExp, FileKind]> = [
  [/^image\//, 'image'],
  [/^video\//, 'video'],
  [/^audio\//, 'audio'],
  [/^application\/pdf$/, 'pdf'],
  [/(spreadsheet|excel|csv)/, 'spreadsheet'],
  [/(presentation|powerpoint)/, 'presentation'],
  [/(wordprocessing|msword|opendocument\.text|rtf)/, 'document'],
  [/(zip|compressed|x-tar|x-7z|x-rar|gzip)/, 'archive'],
  [/^text\//, 'text'],
];

const ICONS: Record<FileKind, Icon> = {
  image: IconPhoto,
  video: IconMovie,
  audio: IconMusic,
  pdf: IconFileTypePdf,
  spreadsheet: IconFileSpreadsheet,
  presentation: IconFileTypePpt,
  document: IconFileTypeDoc,
  archive: IconFileZip,
  text: IconFileText,
  other: IconFile,
};

/** The kind of a file from its media type (spec §2 folder view: an icon by type when there is no thumbnail). */
export function fileKindOf(mimetype: string): FileKind {
  const type = mimetype.toLowerCase();
  return KINDS.find(([pattern]) => pattern.test(type))?.[1] ?? 'other';
}

export interface FileIconProps {
  mimetype: string;
  size?: number;
  className?: string;
}

/** A decorative icon for a file without a thumbnail; its name beside it says what it is. */
export function FileIcon({ mimetype, size = 28, className }: FileIconProps) {
  const Kind = ICONS[fileKindOf(mimetype)];
  return <Kind size={size} aria-hidden="true" className={className} stroke={1.5} data-kind={fileKindOf(mimetype)} />;
}
