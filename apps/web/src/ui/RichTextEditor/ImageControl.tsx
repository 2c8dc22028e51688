import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, FileButton, Group, Popover, Stack, Text, TextInput } from '@mantine/core';
import { RichTextEditor, useRichTextEditorContext } from '@mantine/tiptap';
import { IconPhoto, IconUpload } from '@tabler/icons-react';

export interface ImageControlProps {
  /** Stores a picked image and answers its URL; without it images are inserted by address only. */
  uploadImage?: (file: File) => Promise<string>;
}

/** Only web addresses: a data: or javascript: URL never reaches the post (the server strips them too). */
export function isImageAddress(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** The toolbar's image button: an address (and its description for screen readers), or an upload. */
export function ImageControl({ uploadImage }: ImageControlProps) {
  const { t } = useTranslation();
  const { editor } = useRichTextEditorContext();
  const [opened, setOpened] = useState(false);
  const [src, setSrc] = useState('');
  const [alt, setAlt] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [isUploading, setUploading] = useState(false);

  const close = () => {
    setOpened(false);
    setSrc('');
    setAlt('');
    setProblem(null);
  };
  const insert = (address: string) => {
    editor?.chain().focus().setImage({ src: address, alt: alt.trim() || undefined }).run();
    close();
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    // The dropdown sits in a portal, but React still bubbles its submit to a form around the editor.
    event.stopPropagation();
    if (!isImageAddress(src)) {
      setProblem(t('richTextEditor.imageAddressInvalid'));
      return;
    }
    insert(src.trim());
  };
  const handleUpload = async (file: File | null) => {
    if (!file || !uploadImage) return;
    setUploading(true);
    setProblem(null);
    try {
      insert(await uploadImage(file));
    } catch {
      // spec §8: the editor's image upload failure.
      setProblem(t('richTextEditor.uploadFailed'));
    } finally {
      setUploading(false);
    }
  };

  return (
    // Not hidden when its button scrolls away: the toolbar is sticky and the address being typed must stay.
    <Popover opened={opened} onChange={(next) => !next && close()} trapFocus withinPortal hideDetached={false} shadow="md" position="bottom" zIndex={10_000}>
      <Popover.Target>
        <RichTextEditor.Control onClick={() => setOpened((o) => !o)} aria-label={t('richTextEditor.image')} title={t('richTextEditor.image')} active={opened}>
          <IconPhoto size={16} stroke={1.5} aria-hidden="true" />
        </RichTextEditor.Control>
      </Popover.Target>
      <Popover.Dropdown>
        <form onSubmit={handleSubmit} noValidate>
          <Stack gap="xs" w={280}>
            <TextInput
              label={t('richTextEditor.imageAddress')}
              placeholder="https://…"
              value={src}
              onChange={(event) => setSrc(event.currentTarget.value)}
              type="url"
              data-autofocus
            />
            <TextInput label={t('richTextEditor.imageDescription')} value={alt} onChange={(event) => setAlt(event.currentTarget.value)} />
            {problem && (
              <Text role="alert" c="red.8" size="sm">
                {problem}
              </Text>
            )}
            <Group justify="space-between" gap="xs">
              {uploadImage ? (
                <FileButton onChange={(file) => void handleUpload(file)} accept="image/*">
                  {(props) => (
                    <Button {...props} variant="default" size="xs" leftSection={<IconUpload size={14} aria-hidden="true" />} loading={isUploading}>
                      {t('richTextEditor.imageUpload')}
                    </Button>
                  )}
                </FileButton>
              ) : (
                <span />
              )}
              <Button type="submit" size="xs">
                {t('richTextEditor.imageInsert')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}
