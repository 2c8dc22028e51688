import { useEffect, useId, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '@mantine/core';
import { RichTextEditor as MantineEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import Placeholder from '@tiptap/extension-placeholder';
import { editorLabels } from './editorLabels';
import { ImageControl } from './ImageControl';
import classes from './RichTextEditor.module.css';
import './editorStyles';

export interface RichTextEditorProps {
  /** The visible label, also the accessible name of the writing area. */
  label: string;
  /** The HTML it starts with; later changes of this prop are ignored (key the editor to reload it). */
  initialHtml: string;
  /** Called on every edit with the HTML, or '' once the text is empty. */
  onChange: (html: string) => void;
  placeholder?: string;
  /** Stores a picked image and answers its URL (offers "Upload" in the image tool). */
  uploadImage?: (file: File) => Promise<string>;
  error?: string | null;
}

/**
 * The rich-text editor of spec §1 on Tiptap, with the toolbar of spec §9: block format (headings,
 * quote), bold, italic, underline, strike, code, lists, link, image, remove formatting, undo/redo.
 */
export function RichTextEditor({ label, initialHtml, onChange, placeholder, uploadImage, error }: RichTextEditorProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const errorId = useId();
  // Tiptap registers onUpdate once, when it creates the editor: the latest callback is read through a ref.
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  // Stable options: Tiptap compares them on every render and resets the editor's options when they differ.
  const extensions = useMemo(
    () => [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        codeBlock: false,
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto', 'tel'], defaultProtocol: 'https' },
      }),
      Image.configure({ allowBase64: false }),
      Placeholder.configure({ placeholder: placeholder ?? '' }),
    ],
    [placeholder],
  );
  const editorProps = useMemo(
    () => ({
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(error ? { 'aria-invalid': 'true', 'aria-describedby': errorId } : {}),
      },
    }),
    [labelId, errorId, error],
  );
  const editor = useEditor({
    extensions,
    content: initialHtml,
    editorProps,
    onUpdate: ({ editor: current }) => onChangeRef.current(current.isEmpty ? '' : current.getHTML()),
  });
  const labels = useMemo(() => editorLabels(t), [t]);

  return (
    <div className={classes.field}>
      <Input.Label id={labelId} component="div" onClick={() => editor?.commands.focus()}>
        {label}
      </Input.Label>
      <MantineEditor editor={editor} labels={labels} className={classes.editor} data-invalid={error ? true : undefined}>
        <MantineEditor.Toolbar sticky stickyOffset="var(--patio-toolbar-offset, 56px)" aria-label={t('richTextEditor.toolbar')} role="toolbar">
          <MantineEditor.ControlsGroup>
            <MantineEditor.Bold />
            <MantineEditor.Italic />
            <MantineEditor.Underline />
            <MantineEditor.Strikethrough />
            <MantineEditor.Code />
            <MantineEditor.ClearFormatting />
          </MantineEditor.ControlsGroup>
          <MantineEditor.ControlsGroup>
            <MantineEditor.H2 />
            <MantineEditor.H3 />
            <MantineEditor.Blockquote />
          </MantineEditor.ControlsGroup>
          <MantineEditor.ControlsGroup>
            <MantineEditor.BulletList />
            <MantineEditor.OrderedList />
          </MantineEditor.ControlsGroup>
          <MantineEditor.ControlsGroup>
            <MantineEditor.Link />
            <MantineEditor.Unlink />
            <ImageControl uploadImage={uploadImage} />
          </MantineEditor.ControlsGroup>
          <MantineEditor.ControlsGroup>
            <MantineEditor.Undo />
            <MantineEditor.Redo />
          </MantineEditor.ControlsGroup>
        </MantineEditor.Toolbar>
        <MantineEditor.Content />
      </MantineEditor>
      {error && (
        <Input.Error id={errorId} role="alert">
          {error}
        </Input.Error>
      )}
    </div>
  );
}
