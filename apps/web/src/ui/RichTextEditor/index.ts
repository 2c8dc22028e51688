// The shared rich-text editor (spec §1, §9 toolbar): compose, html blocks and forms use it.
export { RichTextEditor, type RichTextEditorProps } from './RichTextEditor';
export { isImageAddress } from './ImageControl';
