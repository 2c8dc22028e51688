import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Text } from '@mantine/core';
import { RichTextEditor } from '../../ui/RichTextEditor';
import { useUploadToMe } from '../uploads/useUploadToMe';
import { useDebouncedSave } from '../useDebouncedSave';
import { useSaveHtml } from './useHtmlMedia';

export interface HtmlEditorProps {
  id: number;
  initialHtml: string;
}

/**
 * An html block in edit mode (issue §5): the shared rich-text editor, saved 500 ms after the last
 * edit (spec §4); its image tool uploads to the person's own folder, 'Error subiendo archivo' on failure.
 */
export function HtmlEditor({ id, initialHtml }: HtmlEditorProps) {
  const { t } = useTranslation();
  const save = useSaveHtml(id);
  const { status, schedule } = useDebouncedSave(save);
  const uploadToMe = useUploadToMe();
  const uploadImage = useCallback(async (file: File) => (await uploadToMe(file)).url, [uploadToMe]);

  return (
    <div>
      <RichTextEditor label={t('blocks.html.label')} placeholder={t('blocks.html.placeholder')} initialHtml={initialHtml} onChange={schedule} uploadImage={uploadImage} />
      <Text size="xs" c={status === 'failed' ? 'red.8' : 'dimmed'} role={status === 'failed' ? 'alert' : 'status'} mt={4}>
        {status === 'saving' || status === 'pending' ? t('blocks.html.saving') : status === 'saved' ? t('blocks.html.saved') : status === 'failed' ? t('blocks.html.saveFailed') : ''}
      </Text>
    </div>
  );
}
