import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, FileButton, Group, Progress, Text, TextInput } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useLoadableAddress } from '../uploads/address';
import { useUploadToMe } from '../uploads/useUploadToMe';
import type { BlockViewProps } from '../types';
import { useDebouncedSave } from '../useDebouncedSave';
import { altOf } from './imageOptions';
import classes from './image.module.css';

const ALT_MAX = 200;

/** An image block in edit mode: upload a picture to the person's folder (spec §7 uploads) and describe it. */
export function ImageEditor({ block, onChange }: BlockViewProps) {
  const { t } = useTranslation();
  const load = useLoadableAddress();
  const uploadToMe = useUploadToMe();
  const [progress, setProgress] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const [alt, setAlt] = useState(() => altOf(block.options));
  const altSave = useDebouncedSave((text: string) => onChange({ options: { ...(block.options as Record<string, string | number | boolean | null>), alt: text.trim() } }));
  // Another site's picture through the server's /proxy/ (the server signs it), never straight from that site.
  const src = load(block.proxiedUrl ?? block.url);

  const handleFile = async (file: File | null) => {
    if (!file) return;
    setFailed(false);
    setProgress(0);
    try {
      const uploaded = await uploadToMe(file, (loaded, total) => setProgress(total > 0 ? Math.round((loaded / total) * 100) : 0));
      // The preview rendition (8x the thumbnail) suits a post's width; other files keep their original.
      await onChange({ url: uploaded.preview ?? uploaded.url });
    } catch {
      setFailed(true);
    } finally {
      setProgress(null);
    }
  };

  return (
    <div className={classes.editor}>
      {src && <img src={src} alt={alt} className={classes.image} />}
      <Group gap="xs">
        <FileButton onChange={(file) => void handleFile(file)} accept="image/*" disabled={progress !== null}>
          {(props) => (
            <Button {...props} variant="default" leftSection={<IconUpload size={16} aria-hidden="true" />} loading={progress !== null}>
              {src ? t('blocks.image.replace') : t('blocks.image.choose')}
            </Button>
          )}
        </FileButton>
      </Group>
      {progress !== null && <Progress value={progress} aria-label={t('blocks.image.uploading')} size="md" animated />}
      {failed && (
        <Text role="alert" c="red.8" size="sm">
          {t('blocks.image.uploadFailed')}
        </Text>
      )}
      <TextInput
        label={t('blocks.image.alt')}
        description={t('blocks.image.altHint')}
        value={alt}
        maxLength={ALT_MAX}
        onChange={(event) => {
          setAlt(event.currentTarget.value);
          altSave.schedule(event.currentTarget.value);
        }}
      />
    </div>
  );
}
