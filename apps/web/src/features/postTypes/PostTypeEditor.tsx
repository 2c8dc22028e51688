import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ColorInput, Group, Paper, Stack, Switch, Title } from '@mantine/core';
import { dictionaryLanguageOf, matchInterfaceLanguage } from '@patio/core/i18n/index';
import type { PostType } from '@patio/core/schemas/posts';
import { Notice } from '../../ui/Notice';
import { describeError } from '../../app/api/describeError';
import { PostTypeChip } from '../posts';
import { IconPicker } from './IconPicker';
import { NamesFields } from './NamesFields';
import { formOf, problemsOf, updateOf, type PostTypeForm } from './postTypeForm';
import { useUpdatePostType } from './usePostTypeList';
import classes from './postTypes.module.css';

// Colours that keep white text and icons readable, offered first; any #rrggbb may be typed.
const SWATCHES = ['#c92a2a', '#a61e4d', '#862e9c', '#5f3dc4', '#364fc7', '#1864ab', '#0b7285', '#087f5b', '#2b8a3e', '#5c940d', '#e67700', '#d9480f', '#495057'];

/** The editor of one post type: names in six languages, icon, colour, shown or hidden (PUT post-types/{type}). */
export function PostTypeEditor({ postType }: { postType: PostType }) {
  const { t, i18n } = useTranslation();
  const update = useUpdatePostType();
  const [form, setForm] = useState<PostTypeForm>(() => formOf(postType));
  const [tried, setTried] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: 'info' | 'error'; text: string } | null>(null);
  const problems = problemsOf(form);
  const lang = dictionaryLanguageOf(matchInterfaceLanguage(i18n.language));
  const preview = { type: postType.type, singular: form.names[lang].singular || postType.singular, icon: form.icon, color: form.color };

  const change = (next: PostTypeForm) => {
    setForm(next);
    setOutcome(null);
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (problems.names.length > 0 || problems.color) {
      setOutcome({ tone: 'error', text: t('postTypes.fixFields') });
      return;
    }
    update.mutate(
      { type: postType.type, update: updateOf(form) },
      {
        onSuccess: () => setOutcome({ tone: 'info', text: t('postTypes.saved') }),
        onError: (error) => setOutcome({ tone: 'error', text: describeError(t, error) }),
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate className={classes.editor}>
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4">
            {t('postTypes.look')}
          </Title>
          <PostTypeChip look={preview} />
        </Group>
        <Stack gap="md">
          <IconPicker value={form.icon} color={form.color} onChange={(icon) => change({ ...form, icon })} />
          <ColorInput
            label={t('postTypes.color')}
            value={form.color}
            onChange={(color) => change({ ...form, color })}
            format="hex"
            swatches={SWATCHES}
            swatchesPerRow={7}
            maw={280}
            error={tried && problems.color ? t('postTypes.colorInvalid') : undefined}
            eyeDropperButtonProps={{ 'aria-label': t('postTypes.eyeDropper') }}
          />
          <Switch
            label={t('postTypes.visible')}
            description={t('postTypes.visibleHint')}
            checked={form.visible}
            onChange={(event) => change({ ...form, visible: event.currentTarget.checked })}
            size="md"
          />
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Title order={2} size="h4" mb="sm">
          {t('postTypes.names')}
        </Title>
        <NamesFields
          names={form.names}
          missing={tried ? problems.names : []}
          onChange={(language, which, value) => change({ ...form, names: { ...form.names, [language]: { ...form.names[language], [which]: value } } })}
        />
      </Paper>
      {outcome && <Notice tone={outcome.tone}>{outcome.text}</Notice>}
      <Group justify="flex-end">
        <Button type="submit" loading={update.isPending}>
          {t('postTypes.save')}
        </Button>
      </Group>
    </form>
  );
}
