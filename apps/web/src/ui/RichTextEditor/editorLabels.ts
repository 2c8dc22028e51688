import type { TFunction } from 'i18next';
import type { RichTextEditorLabels } from '@mantine/tiptap';

/** The toolbar's names in the interface language (Mantine ships English ones only). */
export function editorLabels(t: TFunction): Partial<RichTextEditorLabels> {
  return {
    boldControlLabel: t('richTextEditor.bold'),
    italicControlLabel: t('richTextEditor.italic'),
    underlineControlLabel: t('richTextEditor.underline'),
    strikeControlLabel: t('richTextEditor.strike'),
    codeControlLabel: t('richTextEditor.code'),
    clearFormattingControlLabel: t('richTextEditor.clearFormatting'),
    h2ControlLabel: t('richTextEditor.heading2'),
    h3ControlLabel: t('richTextEditor.heading3'),
    bulletListControlLabel: t('richTextEditor.bulletList'),
    orderedListControlLabel: t('richTextEditor.orderedList'),
    blockquoteControlLabel: t('richTextEditor.blockquote'),
    linkControlLabel: t('richTextEditor.link'),
    unlinkControlLabel: t('richTextEditor.unlink'),
    linkEditorInputLabel: t('richTextEditor.linkAddress'),
    linkEditorInputPlaceholder: 'https://…',
    linkEditorExternalLink: t('richTextEditor.linkNewTab'),
    linkEditorInternalLink: t('richTextEditor.linkSameTab'),
    linkEditorSave: t('richTextEditor.save'),
    undoControlLabel: t('richTextEditor.undo'),
    redoControlLabel: t('richTextEditor.redo'),
  };
}
